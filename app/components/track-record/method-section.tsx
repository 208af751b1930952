import type { ReactNode } from "react";
import { MIN_GRADED_TO_JUDGE } from "~/lib/track-record";
import { LINK } from "./call-parts";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <div className="flex flex-col gap-2 text-sm leading-relaxed text-slate-800">{children}</div>
    </div>
  );
}

/** How the record is kept, graded and scored, in plain words (always shown, even when D1 is down). */
export function MethodSection({ minEdgePoints }: { minEdgePoints: number }) {
  return (
    <section
      id="method"
      aria-labelledby="method-heading"
      className="card flex scroll-mt-24 flex-col gap-5 p-4 sm:p-6"
      data-testid="method"
    >
      <h2 id="method-heading" className="text-xl font-semibold text-slate-900">
        How the record is kept
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <Part title="What is recorded, and when">
          <p data-testid="method-call-rule">
            <strong>Which call.</strong> A call follows the probabilities shown with it. For every open market
            of the event the model gave a probability for, both sides are weighed: the <strong>edge</strong>{" "}
            of buying a side is the model's probability that it wins minus its price (a model that rates an
            outcome at 4% when it costs 34¢ sees a 30-point edge in buying No at 66¢). The side with the
            largest edge is called, and only when that edge is at least{" "}
            <strong>{`${minEdgePoints} points`}</strong>; below it the card says the largest gap and the
            threshold. The model's own stated side is not used: where it disagrees with its probabilities it
            is set aside, counted and logged. Without a model the labelled estimate calls the outcome whose
            price moved 2 points or more in 24 hours. The confidence beside a call is the model's; the edge in
            points stands beside it.
          </p>
          <p>
            Every time the market list is built (every 10 minutes, or sooner when a visit finds it out of
            date), each event's call on its card — buy Yes or No on one of its outcomes — is compared with the
            last call recorded for that event from the same source: the language model (named by its id) or
            the labelled rule-based estimate. When it differs, or is the first, it is recorded at that moment,
            as it is shown, and only if the call rules (version 3) allow it: the called market is open, its
            own end date has not passed, and the side called costs between 5¢ and 95¢ — otherwise the card
            says why there is no call ("Near-certain", "Ended, awaiting resolution"). Each row keeps its rule
            version and its <strong>entry price</strong>, the price of the side bought; rows recorded under
            earlier rules (version 1: every shown market's call; version 2: the model's own stated side, not
            yet derived from its probabilities) stay listed and downloadable but are never in the figures.
          </p>
          <p>
            With the model's forecast, the row also keeps its probability for every outcome and the market's
            prices then. When the event resolves, both are scored: the multi-outcome Brier score Σ(p − o)² (0
            perfect, 2 certain and wrong) and the log score −ln p(winner). The headline is the model's edge
            over the market's own prices — Brier skill, and the mean Brier edge per call with its 95% interval
            — and the hit rate beside the hit rate the entry prices implied, with how many resolved calls it
            takes to detect a 2-point edge. An event of mutually exclusive outcomes is scored once every
            listed outcome market has resolved; an event whose outcomes are separate questions is scored on
            the called market alone.
          </p>
          <p>
            A call keeps the market, the side, the source, the time, the market's end date, the model's
            probability for the first outcome when it gave one, and the <strong>price at the call</strong>:
            the price of the market's first outcome (Yes on Yes/No markets) at that moment. Calls are never
            changed or deleted — the database itself refuses to — and each grading is stored separately, once.
          </p>
          <p>
            The pages and feeds show each call at the price of what it bought, named: a BUY NO at No's price,
            1 − the first outcome's (a BUY NO when Yes traded at 1¢ shows <em>No 99¢</em>), a BUY YES at
            Yes's, a NEUTRAL call at the first outcome's.
          </p>
        </Part>
        <Part title="How a call is graded">
          <p>
            Every 10 minutes the markets with open calls that are past their end date or have left the active
            list are looked up on Polymarket. A call is graded only when its market is closed, its UMA
            resolution status is <em>resolved</em> and its outcome prices are exactly 1 and 0: the first
            outcome won (yes) or lost (no).
          </p>
          <p>
            A 50/50 resolution is <strong>void</strong>: shown, but not graded and not counted. Resolutions
            that are only proposed or are disputed, markets still open, and markets Polymarket no longer knows
            stay <strong>pending</strong>, with the reason beside each open call.
          </p>
        </Part>
        <Part title="What the figures mean">
          <p>
            <strong>Hit rate</strong>: the share of graded BUY YES and BUY NO calls that picked the winning
            side, with its 95% Wilson score interval. NEUTRAL calls are <strong>holds</strong> — abstentions —
            counted as holds but never in the hit rate or the returns.
          </p>
          <p>
            <strong>Paper return per $1</strong>, staked at the price at the call: buying Yes at price p
            returns (1 − p) / p if the first outcome wins and −$1 if not; buying No costs 1 − p and returns p
            / (1 − p) if the first outcome loses and −$1 if not. No fees or spread. Beside it, the same for{" "}
            <strong>buying the favourite</strong> — the outcome priced at 50¢ or more — at the moments of the
            same graded calls.
          </p>
        </Part>
        <Part title="Probabilities, and when there are too few">
          <p>
            Where the model gave a probability: the <strong>Brier score</strong> is the mean of (forecast −
            result)², the result being 1 if the first outcome won and 0 if not (0 is perfect, 0.25 a constant
            50% forecast). The market's score uses the price at the call as its forecast.{" "}
            <strong>Skill</strong> = 1 − model Brier / market Brier: above 0 the model beat the market price.
            The reliability diagram groups these calls by tenths of the model's probability.
          </p>
          <p>
            With fewer than {MIN_GRADED_TO_JUDGE} graded calls — overall, or in a row of the tables — a figure
            is marked <em>too few to judge</em>: it is arithmetic, not evidence. Horizon is the time from the
            call to the market's resolution (its end date while unresolved).
          </p>
        </Part>
      </div>
      <Part title="Recompute it yourself">
        <p>
          Every call with its grading is public:{" "}
          <a href="/api/track-record" className={LINK}>
            /api/track-record
          </a>{" "}
          (JSON, 100 calls a page, with the summary) and{" "}
          <a href="/track-record.csv" className={LINK}>
            /track-record.csv
          </a>{" "}
          (every call, one row each). Prices and probabilities are 0–1 and refer to the first outcome;{" "}
          <code>outcome: "yes"</code> means the first outcome won. <code>sideOutcome</code> and{" "}
          <code>sidePriceAtCall</code> name what the call bought and its price then, as the pages show it.
          Nothing here is financial advice.
        </p>
      </Part>
    </section>
  );
}
