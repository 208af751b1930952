/**
 * What a cron run saw of each upstream it called (the status page's uptime and incidents). The builds
 * wrap their upstream calls in `observed`, which reports to `deps.reportCheck`; only the cron sets that,
 * so a visitor's refresh records nothing. Each build writes the checks reported so far with its own
 * history batch (outbox.ts); a D1 failure keeps them for the next run and never fails the KV refresh.
 */

import type { UpstreamCheck } from "../history/store";
import { describeFailure, UpstreamError } from "../http";
import type { MentionsResult } from "../mentions/index";
import type { ModelRun } from "../sentiment/index";

/** What a finished call says of its upstream (the check minus who, when and how long). */
export type CheckOutcome = Pick<UpstreamCheck, "ok" | "status" | "items" | "error">;

/** A call that answered, with how many items it received. */
export function received(items: number): CheckOutcome {
  return { ok: true, status: null, items, error: null };
}

/**
 * A call that threw: failed, with the HTTP status when the failure had one. An empty answer is the
 * upstream working (decision 0011): ok, with nothing received.
 */
export function thrown(error: unknown): CheckOutcome {
  if (error instanceof UpstreamError && error.kind === "empty") return received(0);
  const status = error instanceof UpstreamError ? (error.status ?? null) : null;
  return { ok: false, status, items: null, error: describeFailure(error) };
}

/**
 * A run of several requests to one upstream (X keywords, model batches): ok when none failed, else
 * failed with the last failure, keeping the items that did arrive. Null when no request was made.
 */
function runOutcome(
  requests: number,
  failures: number,
  lastError: UpstreamError | null,
  items: number,
): CheckOutcome | null {
  if (requests === 0) return null;
  if (failures === 0) return received(items);
  return {
    ok: false,
    status: lastError?.status ?? null,
    items,
    error: `${failures} of ${requests} requests failed; last: ${describeFailure(lastError)}`,
  };
}

/** The X check of a market build: its keyword requests (none when X is not configured or all cached). */
export function mentionsOutcome({ run }: Pick<MentionsResult, "run">): CheckOutcome | null {
  return runOutcome(run.requests, run.failures, run.lastError, run.requests - run.failures);
}

/** The model check of a market build: its batches (none when no key is set or nothing needed analysing). */
export function modelOutcome({ model }: { model: ModelRun | null }): CheckOutcome | null {
  return model && runOutcome(model.batches, model.failures, model.lastError, model.analyses);
}

/** The gamma check of a market build: the open markets the feed's events held. */
export function feedOutcome({
  events,
}: {
  events: readonly { markets: readonly unknown[] }[];
}): CheckOutcome {
  return received(events.reduce((sum, event) => sum + event.markets.length, 0));
}

/** The data check of a whale build: the trades over the threshold the Data API gave. */
export function tradesOutcome(trades: readonly unknown[]): CheckOutcome {
  return received(trades.length);
}

/** Where a build's checks go (only the cron collects them) and the clock that times them. */
export interface CheckWatch {
  reportCheck?: (check: UpstreamCheck) => void;
  now: () => number;
}

/**
 * `call` as it is, but when the deps collect checks (the cron) each call also reports its upstream's
 * outcome with its latency (retries and pages included). A throw is a failed check and is passed on;
 * a result is read by `outcome`, whose null means no request was made (nothing to report).
 */
export function observed<A extends unknown[], T>(
  { reportCheck: report, now }: CheckWatch,
  upstream: UpstreamCheck["upstream"],
  outcome: (value: T) => CheckOutcome | null,
  call: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  if (!report) return call;
  return async (...args) => {
    const checkedMs = now();
    const done = (result: CheckOutcome | null) => {
      if (result) report({ upstream, checkedMs, latencyMs: Math.max(0, now() - checkedMs), ...result });
    };
    let value: T;
    try {
      value = await call(...args);
    } catch (error) {
      done(thrown(error));
      throw error;
    }
    done(outcome(value));
    return value;
  };
}
