import { describe, expect, it } from "vitest";
import type { Deps } from "~/.server/deps";
import type { UpstreamCheck } from "~/.server/history/store";
import { UpstreamError } from "~/.server/http";
import { feedOutcome, mentionsOutcome, modelOutcome, observed, received } from "~/.server/snapshots/checks";

/** Just what `observed` reads of the deps: a clock that moves 40 ms per reading, and the collector. */
function deps(collect: boolean): { deps: Deps; checks: UpstreamCheck[] } {
  const checks: UpstreamCheck[] = [];
  let clock = 1_000_000;
  const partial: Pick<Deps, "now" | "reportCheck"> = {
    now: () => {
      clock += 40;
      return clock;
    },
    reportCheck: collect ? (check) => checks.push(check) : undefined,
  };
  return { deps: partial as Deps, checks };
}

describe("observed: a call reports its upstream's outcome to the cron's collector", () => {
  it("an answer: ok, its items, its latency", async () => {
    const { deps: d, checks } = deps(true);
    const call = observed(d, "gamma", feedOutcome, async (n: number) => ({
      events: [{ markets: Array(n).fill(0) }],
    }));
    expect((await call(3)).events[0]?.markets).toHaveLength(3);
    expect(checks).toEqual([
      {
        upstream: "gamma",
        checkedMs: 1_000_040,
        latencyMs: 40,
        ok: true,
        status: null,
        items: 3,
        error: null,
      },
    ]);
  });

  it("a throw: a failed check with the HTTP status and the error, and the throw passed on", async () => {
    const { deps: d, checks } = deps(true);
    const error = new UpstreamError("data", "status", "Failed to fetch whale trades", 503);
    const call = observed(
      d,
      "data",
      () => received(0),
      async () => {
        throw error;
      },
    );
    await expect(call()).rejects.toBe(error);
    expect(checks).toEqual([
      {
        upstream: "data",
        checkedMs: 1_000_040,
        latencyMs: 40,
        ok: false,
        status: 503,
        items: null,
        error: "Failed to fetch whale trades, status 503",
      },
    ]);
  });

  it("an empty answer is the upstream working: ok with no items, the throw still passed on", async () => {
    const { deps: d, checks } = deps(true);
    const empty = new UpstreamError("gamma", "empty", "No markets available");
    const call = observed(d, "gamma", feedOutcome, async () => {
      throw empty;
    });
    await expect(call()).rejects.toBe(empty);
    expect(checks).toMatchObject([{ upstream: "gamma", ok: true, status: null, items: 0, error: null }]);
  });

  it("without a collector (a visitor's refresh): the call itself, nothing reported", async () => {
    const { deps: d, checks } = deps(false);
    const call = async () => ({ events: [] });
    expect(observed(d, "gamma", feedOutcome, call)).toBe(call);
    expect(checks).toEqual([]);
  });

  it("an outcome of null (no request made): nothing reported", async () => {
    const { deps: d, checks } = deps(true);
    await observed(
      d,
      "x",
      () => null,
      async () => 1,
    )();
    expect(checks).toEqual([]);
  });
});

describe("outcomes of runs of several requests", () => {
  const rateLimited = new UpstreamError("x", "status", "Twitter API error: 429", 429);

  it("X: none asked → nothing; all answered → ok; any failed → failed, with what did arrive", () => {
    expect(mentionsOutcome({ run: { requests: 0, failures: 0, lastError: null } })).toBeNull();
    expect(mentionsOutcome({ run: { requests: 25, failures: 0, lastError: null } })).toEqual(received(25));
    expect(mentionsOutcome({ run: { requests: 25, failures: 5, lastError: rateLimited } })).toEqual({
      ok: false,
      status: 429,
      items: 20,
      error: "5 of 25 requests failed; last: Twitter API error: 429, status 429",
    });
  });

  it("model: not called → nothing; batches all answered → ok with the analyses", () => {
    expect(modelOutcome({ model: null })).toBeNull();
    expect(modelOutcome({ model: { batches: 10, failures: 0, lastError: null, analyses: 98 } })).toEqual(
      received(98),
    );
    expect(
      modelOutcome({ model: { batches: 10, failures: 10, lastError: null, analyses: 0 } }),
    ).toMatchObject({
      ok: false,
      status: null,
      items: 0,
    });
  });
});
