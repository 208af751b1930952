import { useEffect, useState } from "react";
import { LiveIndicator } from "~/components/live/live-indicator";
import { type DashboardScope, scopeText } from "~/lib/dashboard";
import { formatAge, formatClockUtc, formatNumber } from "~/lib/format";
import { distinctQueriesText } from "~/lib/mentions";
import { PROVENANCE_SHORT, provenanceText, type SnapshotProvenance } from "~/lib/provenance";

/** How long the 'live' flash stays on after new mention data arrives (SPEC §4). */
const FLASH_MS = 3000;

/**
 * SPEC §2 live-mentions strip: total mentions (of the markets the grid lists, each distinct X query once,
 * and said so) and last-updated time. The live indicator shows only when every count is live and nothing
 * is loading (partly live counts say so); it flashes for 3 s when new data arrives. Sample markets never
 * claim an update time: they say since when the feed is down.
 * Beside the update time, the "Live" indicator says when the cards' prices are pushed.
 */
export function MentionsStrip({
  totalMentions,
  mentionQueries,
  scope,
  marketCount,
  fetchedAt,
  failingSince,
  provenance,
  loading,
  now,
}: {
  /** Over the markets the grid lists, each distinct query once. */
  totalMentions: number;
  /** The distinct queries that total adds up. */
  mentionQueries: number;
  /** Which markets those are, and how many. */
  scope: DashboardScope;
  marketCount: number;
  fetchedAt: string;
  failingSince?: string;
  provenance: SnapshotProvenance;
  loading: boolean;
  now: number;
}) {
  const [flash, setFlash] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the flash is keyed on new data (fetchedAt)
  useEffect(() => {
    setFlash(true);
    const timer = setTimeout(() => setFlash(false), FLASH_MS);
    return () => clearTimeout(timer);
  }, [fetchedAt]);

  const mentions = provenance.mentions.kind;
  const live = mentions === "live" && !loading;
  return (
    <div
      className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      aria-live="polite"
    >
      <p className="flex items-center gap-2">
        {live ? (
          <span className="inline-flex items-center gap-1.5 font-semibold text-emerald-800">
            <span
              aria-hidden="true"
              className={`size-2 rounded-full bg-emerald-600 ${flash ? "animate-ping" : ""}`}
            />
            {flash ? "Live · new data" : "Live"}
          </span>
        ) : (
          <span className="font-semibold text-amber-900">
            {loading ? "Loading" : PROVENANCE_SHORT[mentions]}
          </span>
        )}
        <span>
          <strong data-testid="strip-mentions">{formatNumber(totalMentions)}</strong> X mentions
          {mentions === "live" ? "" : ` (${PROVENANCE_SHORT[mentions].toLowerCase()})`} across{" "}
          {distinctQueriesText(mentionQueries)} for {scopeText(scope, marketCount)}
        </span>
      </p>
      {provenance.markets.kind === "sample" ? (
        <p className="text-slate-700">
          Sample markets: the live feed is unavailable
          {failingSince ? ` since ${formatClockUtc(failingSince)}` : ""}
        </p>
      ) : (
        <p className="text-slate-700">
          Last updated {formatClockUtc(fetchedAt)} ({formatAge(fetchedAt, now)}) ·{" "}
          {provenanceText("markets", provenance.markets)} <LiveIndicator />
        </p>
      )}
    </div>
  );
}
