import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { UPSTREAM_SERVICES } from "~/content/status";
import { formatDuration, formatLatency, formatMoment } from "~/lib/format";
import {
  formatUptime,
  type Incident,
  type StatusHistory,
  UPTIME_WINDOWS,
  type UpstreamHealth,
} from "~/lib/uptime";
import { Detail } from "./detail";
import { HistoryUnavailable } from "./history-unavailable";
import { SectionHeader } from "./section-header";
import { ServiceStatusBadge } from "./status-badge";

function LastIncident({ incident, now }: { incident: Incident | null; now: number }) {
  if (!incident) return <>None in 30 days</>;
  if (incident.endMs === null) return <>Ongoing since {formatMoment(incident.startMs, now)}</>;
  return (
    <>
      {formatMoment(incident.startMs, now)}, {formatDuration(incident.durationMs)}
    </>
  );
}

function UpstreamRow({ health, now }: { health: UpstreamHealth; now: number }) {
  const service = UPSTREAM_SERVICES[health.upstream];
  return (
    <li className="space-y-3 p-4" data-testid={`upstream-${health.upstream}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{service.name}</h3>
          <p className="text-sm text-slate-600">{service.description}</p>
        </div>
        {health.state ? (
          <ServiceStatusBadge status={health.state} />
        ) : (
          <Badge variant="secondary">No checks yet</Badge>
        )}
      </div>
      <dl className="grid grid-cols-3 gap-4 text-sm sm:grid-cols-6">
        {UPTIME_WINDOWS.map((window) => {
          const uptime = health.uptime[window.key];
          return (
            <Detail key={window.key} label={`Uptime ${window.label}`}>
              <span data-testid={`uptime-${health.upstream}-${window.key}`}>{formatUptime(uptime)}</span>
              {uptime.total > 0 && (
                <span className="block text-xs font-normal text-slate-600">
                  {uptime.ok} of {uptime.total} checks
                </span>
              )}
            </Detail>
          );
        })}
        <Detail label="Avg. call (24 h)">
          {health.meanLatencyMs === null ? "—" : formatLatency(health.meanLatencyMs)}
        </Detail>
        <Detail label="Last check">
          {health.lastCheckMs === null ? "never" : formatMoment(health.lastCheckMs, now)}
        </Detail>
        <Detail label="Last incident">
          <span data-testid={`last-incident-${health.upstream}`}>
            <LastIncident incident={health.lastIncident} now={now} />
          </span>
        </Detail>
      </dl>
    </li>
  );
}

/** The measured services: each upstream's uptime over 24 h, 7 d and 30 d from the crons' checks. */
export function UpstreamSection({ history }: { history: StatusHistory | null }) {
  return (
    <section aria-labelledby="upstreams-heading" className="space-y-3">
      <SectionHeader
        id="upstreams-heading"
        title="Upstream uptime"
        badge={<Badge variant="default">Measured</Badge>}
      >
        Every cron run records whether each upstream it called answered. Uptime is the share of those checks
        that succeeded; the status comes from the latest check, the call time is the mean time a run's calls
        took (retries included). Times are UTC.
      </SectionHeader>
      {history ? (
        <Card>
          <ul className="divide-y divide-slate-200">
            {history.upstreams.map((health) => (
              <UpstreamRow key={health.upstream} health={health} now={history.at} />
            ))}
          </ul>
        </Card>
      ) : (
        <HistoryUnavailable />
      )}
    </section>
  );
}
