import { Icon, type IconName } from "~/components/ui/icon";
import { formatMoment } from "~/lib/format";
import { DATASET_NAMES, type OverallState, type OverallStatus } from "~/lib/overall-status";

interface OverallStyle {
  icon: IconName;
  /** Border, background and text colours; the headline's words carry the meaning. */
  tone: string;
}

export const OVERALL_STYLE: Record<OverallState, OverallStyle> = {
  operational: { icon: "check", tone: "border-emerald-300 bg-emerald-50 text-emerald-900" },
  degraded: { icon: "alert", tone: "border-amber-300 bg-amber-50 text-amber-950" },
  unchecked: { icon: "info", tone: "border-slate-300 bg-slate-50 text-slate-900" },
  unavailable: { icon: "alert", tone: "border-slate-300 bg-slate-50 text-slate-900" },
};

/** A figure of the overall status, as every page says it. */
export interface OverallFigure {
  value: string;
  detail: string;
}

/** Incidents of the last 30 days: "3" with "1 ongoing" / "All resolved" / "None recorded". */
export function incidentsFigure(status: OverallStatus): OverallFigure {
  const { incidents } = status;
  if (!incidents) return { value: "Unavailable", detail: "History unavailable" };
  const detail =
    incidents.ongoing > 0
      ? `${incidents.ongoing} ongoing`
      : incidents.total > 0
        ? "All resolved"
        : "None recorded";
  return { value: String(incidents.total), detail };
}

const PROBLEM_WORDS = { stale: "stale", fallback: "unavailable", missing: "not refreshed yet" } as const;

/** Datasets within their freshness window: "1 of 2" with "Whale trades stale" / "Within their freshness". */
export function datasetsFigure(status: OverallStatus): OverallFigure {
  const { total, problems } = status.datasets;
  const detail =
    problems.length === 0
      ? "Within their freshness windows"
      : problems.map((p) => `${DATASET_NAMES[p.dataset]} ${PROBLEM_WORDS[p.state]}`).join(", ");
  return { value: `${total - problems.length} of ${total}`, detail };
}

/** The newest check of any upstream: "14:05 UTC" (or "Nov 18, 14:05 UTC"), "Never", "Unavailable". */
export function lastCheckFigure(status: OverallStatus): OverallFigure {
  if (status.at === null) return { value: "Unavailable", detail: "History unavailable" };
  if (status.lastCheckMs === null)
    return { value: "Never", detail: "No cron run has checked an upstream yet" };
  return { value: formatMoment(status.lastCheckMs, status.at), detail: "Newest check of any upstream" };
}

/** The overall line with its icon (status page banner, help sidebar). */
export function OverallHeadline({
  status,
  as: Heading = "p",
  className = "",
}: {
  status: OverallStatus;
  as?: "h2" | "p";
  className?: string;
}) {
  return (
    <Heading className={`flex items-start gap-2 ${className}`}>
      <Icon name={OVERALL_STYLE[status.state].icon} className="mt-0.5 size-5 shrink-0" />
      <span data-testid="overall-status" data-state={status.state} className="break-words">
        {status.headline}
      </span>
    </Heading>
  );
}
