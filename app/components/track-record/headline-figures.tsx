import type { ReactNode } from "react";
import { formatNumber, formatScore } from "~/lib/format";
import { MIN_GRADED_TO_JUDGE, type RecordHeadline, type TrackSummary } from "~/lib/track-record";
import { DASH, LINK, percent, perDollar, TooFew } from "./call-parts";

function Count({ id, label, value, detail }: { id: string; label: string; value: number; detail: string }) {
  return (
    <div className="card p-4" data-testid={`figure-${id}`}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{formatNumber(value)}</dd>
      <dd className="mt-1 text-xs text-slate-600">{detail}</dd>
    </div>
  );
}

/** A judged figure: its value, "too few to judge" beside it when so, and what it is made of. */
function Judged({
  id,
  label,
  value,
  tooFew,
  children,
}: {
  id: string;
  label: string;
  value: string;
  tooFew: boolean;
  children: ReactNode;
}) {
  return (
    <div className="card flex flex-col p-4" data-testid={`figure-${id}`}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-2">
        <span className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={`value-${id}`}>
          {value}
        </span>
        {tooFew && <TooFew />}
      </dd>
      <dd className="mt-1 text-xs text-slate-700">{children}</dd>
    </div>
  );
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/**
 * The record's headline: how many calls and what became of them, then the three judged figures —
 * hit rate with its 95% Wilson interval, paper return per $1 beside buying the favourite, and the
 * Brier scores with skill — each with the count it rests on.
 */
export function HeadlineFigures({ summary }: { summary: TrackSummary }) {
  const s = summary;
  const interval =
    s.hitRateLow !== null && s.hitRateHigh !== null
      ? `${percent(s.hitRateLow)}–${percent(s.hitRateHigh)}`
      : DASH;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Count id="calls" label="Calls recorded" value={s.calls} detail="Every change of a card's call" />
        <Count id="graded" label="Graded" value={s.graded} detail="Resolved yes or no" />
        <Count id="pending" label="Pending" value={s.pending} detail="Market not resolved yet" />
        <Count id="void" label="Void" value={s.void} detail="Resolved 50/50, not graded" />
        <Count id="holds" label="Holds" value={s.holds} detail="NEUTRAL calls: abstentions" />
      </dl>
      <dl className="grid gap-3 md:grid-cols-3">
        <Judged id="hit-rate" label="Hit rate of buy calls" value={percent(s.hitRate)} tooFew={s.tooFew}>
          95% interval {interval} · {plural(s.buyGraded, "graded buy call")}
        </Judged>
        <Judged
          id="return"
          label="Mean paper return per $1"
          value={perDollar(s.meanReturn)}
          tooFew={s.tooFew}
        >
          Buying the favourite at the same moments: <strong>{perDollar(s.favouriteReturn)}</strong> ·{" "}
          {plural(s.buyGraded, "graded buy call")}
        </Judged>
        <Judged
          id="brier"
          label="Brier score, model vs market (lower is better)"
          value={
            s.brierModel === null || s.brierMarket === null
              ? DASH
              : `${formatScore(s.brierModel)} vs ${formatScore(s.brierMarket)}`
          }
          tooFew={s.tooFew}
        >
          Skill score <strong>{s.skill === null ? DASH : formatScore(s.skill, 2, true)}</strong> ·{" "}
          {plural(
            s.probabilityGraded,
            "graded call with a model probability",
            "graded calls with a model probability",
          )}
        </Judged>
      </dl>
    </div>
  );
}

const points = (brierEdge: number): string => formatScore(brierEdge * 100, 1, true);

/**
 * The headline (decision 0033), of current-rule calls only: the model's edge over the market's own prices
 * (Brier skill, the mean Brier edge in points with its 95% interval, log scores), the hit rate beside the
 * one the entry prices implied, and how many scored calls a 2-point edge takes to detect against how many
 * there are. Rows of earlier rules are counted and linked, never in these figures.
 */
export function EdgeHeadline({ headline }: { headline: RecordHeadline }) {
  const h = headline;
  const tooFew = h.scored < MIN_GRADED_TO_JUDGE;
  const edgeInterval =
    h.edgeLow !== null && h.edgeHigh !== null ? `${points(h.edgeLow)} to ${points(h.edgeHigh)}` : DASH;
  const hitInterval =
    h.hitRateLow !== null && h.hitRateHigh !== null
      ? `${percent(h.hitRateLow)}–${percent(h.hitRateHigh)}`
      : DASH;
  return (
    <div className="flex flex-col gap-3" data-testid="edge-headline">
      <dl className="grid gap-3 md:grid-cols-3">
        <Judged
          id="edge"
          label="Edge over the market (Brier skill vs the price)"
          value={h.brierSkill === null ? DASH : formatScore(h.brierSkill, 3, true)}
          tooFew={tooFew}
        >
          Brier edge per call <strong>{h.edge === null ? DASH : `${points(h.edge)} points`}</strong>, 95%
          interval {edgeInterval} · model Brier {h.meanBrier === null ? DASH : formatScore(h.meanBrier)} vs
          market {h.meanMarketBrier === null ? DASH : formatScore(h.meanMarketBrier)} · log score{" "}
          {h.meanLogScore === null ? DASH : formatScore(h.meanLogScore)} vs{" "}
          {h.meanMarketLogScore === null ? DASH : formatScore(h.meanMarketLogScore)} ·{" "}
          {plural(h.scored, "scored forecast")}
          {h.waiting > 0 ? ` (${plural(h.waiting, "more")} waiting on outcome markets)` : ""}
        </Judged>
        <Judged
          id="hit-vs-implied"
          label="Hit rate vs what the entry prices implied"
          value={h.hitRate === null ? DASH : `${percent(h.hitRate)} vs ${percent(h.impliedHitRate)}`}
          tooFew={h.resolved < MIN_GRADED_TO_JUDGE}
        >
          95% interval {hitInterval} · {plural(h.resolved, "resolved call")}. A string of favourites hits
          often and is priced to: only a hit rate above the implied one is an edge.
        </Judged>
        <Judged
          id="detect"
          label={`Resolved calls needed to detect a ${points(h.edgeToDetect).replace("+", "")}-point edge`}
          value={h.neededToDetect === null ? DASH : formatNumber(h.neededToDetect)}
          tooFew={false}
        >
          {formatNumber(h.scored)} so far.{" "}
          {h.neededToDetect === null
            ? "The count needs the spread of at least two scored calls."
            : "A two-sided 5% test with 80% power, at the spread of the per-call edges so far."}
        </Judged>
      </dl>
      <p className="text-sm text-slate-700" data-testid="rules-note">
        {`These figures are of the ${plural(h.calls, "call")} recorded under the current call rules (v${h.ruleVersion}).`}{" "}
        {h.earlierRules > 0
          ? `${plural(h.earlierRules, "row")} recorded under earlier rules ${h.earlierRules === 1 ? "is" : "are"} listed below, tagged, and never in these figures: `
          : "Every row is listed below: "}
        <a href="/track-record.csv" className={LINK}>
          download all rows (CSV)
        </a>
        .
      </p>
    </div>
  );
}
