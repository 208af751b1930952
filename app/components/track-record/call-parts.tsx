import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { formatPerDollar, formatRatio } from "~/lib/format";
import { marketPath } from "~/lib/market-page";
import { recommendationLabel, recommendationVariant } from "~/lib/sentiment";
import type { CallSide } from "~/lib/track-record";
import { recommendationOf } from "~/lib/track-record-page";

export const LINK =
  "text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700";
export const DASH = "—";

/** A call's side as the card showed it: BUY YES, BUY NO, or NEUTRAL (a hold). */
export function SideBadge({ side }: { side: CallSide }) {
  const recommendation = recommendationOf(side);
  return <Badge variant={recommendationVariant(recommendation)}>{recommendationLabel(recommendation)}</Badge>;
}

/** The market's question, leading to its page here when it has a slug. */
export function MarketLink({ question, slug }: { question: string; slug: string | null }) {
  return slug ? (
    <a href={marketPath(slug)} className={`font-medium break-words ${LINK}`}>
      {question}
    </a>
  ) : (
    <span className="font-medium break-words text-slate-900">{question}</span>
  );
}

/** "too few to judge", beside a figure computed from fewer than 30 graded calls. */
export function TooFew() {
  return (
    <span className="badge badge-warning" data-testid="too-few">
      too few to judge
    </span>
  );
}

/** A share (0..1) as a percent, or "—". */
export function percent(ratio: number | null): string {
  return ratio === null ? DASH : formatRatio(ratio);
}

/** Dollars per $1 staked, or "—". */
export function perDollar(value: number | null): string {
  return value === null ? DASH : formatPerDollar(value);
}

/** What a row's WIDE columns say, under its first cell on a phone (hidden from `sm` up). */
export function Compact({ children }: { children: ReactNode }) {
  return (
    <div
      data-compact=""
      className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700 sm:hidden"
    >
      {children}
    </div>
  );
}
