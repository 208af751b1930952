import { Card } from "~/components/ui/card";
import { UPSTREAM_SERVICES } from "~/content/status";
import { formatDuration, formatMoment } from "~/lib/format";
import type { Incident, StatusHistory } from "~/lib/uptime";
import { Detail } from "./detail";
import { HistoryUnavailable } from "./history-unavailable";
import { IncidentStatusBadge } from "./status-badge";

/** The most incidents listed; older ones are counted, not shown. */
export const INCIDENTS_SHOWN = 20;

function IncidentCard({ incident, now }: { incident: Incident; now: number }) {
  const ongoing = incident.endMs === null;
  return (
    <Card className="p-4" data-testid="incident">
      <article className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-semibold">
            {UPSTREAM_SERVICES[incident.upstream].name}
            {incident.partial ? ": some requests failed" : ": requests failed"}
          </h3>
          <IncidentStatusBadge status={ongoing ? "ongoing" : "resolved"} />
        </div>
        <p className="text-sm break-words text-slate-700" data-testid="incident-error">
          {incident.error ?? "No error text recorded"}
        </p>
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-5">
          <Detail label="Started">{formatMoment(incident.startMs, now)}</Detail>
          <Detail label="Ended">
            {incident.endMs === null ? "Ongoing" : formatMoment(incident.endMs, now)}
          </Detail>
          <Detail label="Duration">
            {formatDuration(incident.durationMs)}
            {ongoing && " so far"}
          </Detail>
          <Detail label="HTTP status">{incident.status ?? "none"}</Detail>
          <Detail label="Failed checks">{incident.failedChecks}</Detail>
        </dl>
      </article>
    </Card>
  );
}

/** Incidents of the last 30 days from the crons' checks, newest first. */
export function IncidentList({ history }: { history: StatusHistory | null }) {
  if (!history) return <HistoryUnavailable />;
  const { incidents } = history;
  if (incidents.length === 0) {
    const checked = history.upstreams.some((u) => u.lastCheckMs !== null);
    return (
      <p className="text-sm text-slate-700" data-testid="no-incidents">
        {checked ? "No incidents in the last 30 days: no check has failed." : "No checks recorded yet."}
      </p>
    );
  }
  const hidden = incidents.length - INCIDENTS_SHOWN;
  return (
    <div className="space-y-4">
      {incidents.slice(0, INCIDENTS_SHOWN).map((incident) => (
        <IncidentCard key={`${incident.upstream}-${incident.startMs}`} incident={incident} now={history.at} />
      ))}
      {hidden > 0 && (
        <p className="text-sm text-slate-700">
          {hidden} older {hidden === 1 ? "incident" : "incidents"} in the last 30 days not shown.
        </p>
      )}
    </div>
  );
}
