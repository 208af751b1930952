import type { ReactNode } from "react";
import type { EventSummary } from "~/lib/insights/shared";
import { EventTitleLink } from "./event-title-link";

/**
 * One ranked event: its title (linked) and the outcome the row is about, a detail line, and the figure
 * it is ranked by with its unit.
 */
export function EventRow({
  event,
  outcome,
  detail,
  figure,
  unit,
}: {
  event: EventSummary;
  outcome?: string | undefined;
  detail: ReactNode;
  figure: string;
  unit?: string;
}) {
  return (
    <li className="flex items-start justify-between gap-3 py-2.5">
      <div className="min-w-0">
        <EventTitleLink event={event} outcome={outcome} />
        <div className="mt-0.5 text-xs text-slate-600">{detail}</div>
      </div>
      <div className="shrink-0 text-right tabular-nums">
        <span className="block text-sm font-semibold text-slate-900">{figure}</span>
        {unit && <span className="block text-xs text-slate-600">{unit}</span>}
      </div>
    </li>
  );
}

export function EventRows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ol aria-label={label} className="divide-y divide-slate-100">
      {children}
    </ol>
  );
}
