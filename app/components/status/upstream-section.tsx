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

/**
 * What the market refreshes did with the model, beside its checks: only a cron run's ask is a check, and a
 * refresh that finds every analysis still current asks nothing.
 */
export interface ModelAsks {
  /** The last refresh that asked the model (ISO), whatever it answered; null: none on record. */
  askedAt: string | null;
  /** The latest market refresh (ISO); null: none stored. */
  refreshedAt: string | null;
  /** Shown events whose analysis is the model's. */
  analyses: number;
}

const parsed = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The model's last ask: its latest check, or a later ask by a visitor's refresh (which records none). */
function lastAskedMs(health: UpstreamHealth, model: ModelAsks): number | null {
  const asked = parsed(model.askedAt);
  if (asked === null || health.lastCheckMs === null) return asked ?? health.lastCheckMs;
  return Math.max(asked, health.lastCheckMs);
}

/** Why the model's row says what it does, where its checks alone would mislead; null when they do not. */
function modelNote(health: UpstreamHealth, model: ModelAsks, now: number): string | null {
  const asked = parsed(model.askedAt);
  const refreshed = parsed(model.refreshedAt);
  const notes: string[] = [];
  if (asked !== null && (health.lastCheckMs === null || asked > health.lastCheckMs))
    notes.push(`Last asked at ${formatMoment(asked, now)} by a visitor's refresh, which records no check.`);
  if (model.analyses > 0 && refreshed !== null && (asked === null || asked < refreshed)) {
    const kept = model.analyses === 1 ? "its 1 analysis was" : `its ${model.analyses} analyses were`;
    notes.push(`Not asked at ${formatMoment(refreshed, now)}: ${kept} still current.`);
  }
  return notes.length === 0 ? null : notes.join(" ");
}

function UpstreamRow({ health, now, model }: { health: UpstreamHealth; now: number; model?: ModelAsks }) {
  const service = UPSTREAM_SERVICES[health.upstream];
  const lastMs = model ? lastAskedMs(health, model) : health.lastCheckMs;
  const note = model ? modelNote(health, model, now) : null;
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
        <Detail label={model ? "Last asked" : "Last check"}>
          <span data-testid={`${model ? "last-asked" : "last-check"}-${health.upstream}`}>
            {lastMs === null ? "never" : formatMoment(lastMs, now)}
          </span>
        </Detail>
        <Detail label="Last incident">
          <span data-testid={`last-incident-${health.upstream}`}>
            <LastIncident incident={health.lastIncident} now={now} />
          </span>
        </Detail>
      </dl>
      {note && (
        <p className="text-sm text-slate-700" data-testid="model-note">
          {note}
        </p>
      )}
    </li>
  );
}

/**
 * The measured services: each upstream's uptime over 24 h, 7 d and 30 d from the crons' checks; the
 * model's row also says when the market refreshes last asked it (`model`).
 */
export function UpstreamSection({ history, model }: { history: StatusHistory | null; model?: ModelAsks }) {
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
              <UpstreamRow
                key={health.upstream}
                health={health}
                now={history.at}
                {...(model && health.upstream === "llm" ? { model } : {})}
              />
            ))}
          </ul>
        </Card>
      ) : (
        <HistoryUnavailable />
      )}
    </section>
  );
}
