import { describe, expect, it } from "vitest";
import { type DatasetAge, isHealthy, overallStatus, type StatusInputs } from "~/lib/overall-status";
import { type CheckedUpstream, type CheckRecord, type CheckTally, statusHistory } from "~/lib/uptime";

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 23, 12, 0);
const iso = (minutesAgo: number) => new Date(NOW - minutesAgo * MINUTE).toISOString();

function check(upstream: CheckedUpstream, minutesAgo: number, ok: boolean, extra: Partial<CheckRecord> = {}) {
  return {
    upstream,
    checkedMs: NOW - minutesAgo * MINUTE,
    ok,
    status: null,
    items: ok ? 100 : null,
    error: ok ? null : "API error: 500",
    ...extra,
  } satisfies CheckRecord;
}

function tally(upstream: CheckedUpstream, ok: number, total: number): CheckTally {
  return { upstream, ok, total, meanLatencyMs: 250, lastMs: NOW - MINUTE };
}

const windows = (...tallies: CheckTally[]) => [tallies, tallies, tallies];

/** A dataset refreshed `minutesAgo`, fresh for `freshMinutes`. */
function dataset(minutesAgo: number, freshMinutes: number, failingSince: string | null = null): DatasetAge {
  return {
    state: minutesAgo <= freshMinutes ? "fresh" : "stale",
    fetchedAt: iso(minutesAgo),
    freshSeconds: freshMinutes * 60,
    failingSince,
  };
}

const FRESH = { markets: dataset(2, 15), whales: dataset(1, 5) };
const ALL_OK = statusHistory(windows(tally("gamma", 3, 3), tally("data", 5, 5)), [], NOW);

function inputs(overrides: Partial<StatusInputs> = {}): StatusInputs {
  return {
    checks: ALL_OK,
    historyError: "The history database cannot be read",
    datasets: FRESH,
    at: NOW,
    ...overrides,
  };
}

describe("overallStatus: one line over the latest checks and the datasets' states", () => {
  it("every dataset fresh, every checked upstream's latest check ok (earlier failures resolved): operational", () => {
    const checks = statusHistory(
      windows(tally("gamma", 2, 3), tally("data", 5, 5)),
      [check("gamma", 120, false), check("gamma", 60, true)],
      NOW,
    );
    expect(overallStatus(inputs({ checks }))).toEqual({
      state: "operational",
      headline: "All systems operational",
      reasons: [],
      failing: [],
      datasets: { total: 2, problems: [] },
      incidents: { total: 1, ongoing: 0 },
      lastCheckMs: NOW - MINUTE,
      at: NOW,
    });
  });

  it("a stale dataset while every check is ok: degraded, naming it and when it went stale", () => {
    // Whale trades refreshed 12 minutes ago, fresh for 5: stale since 11:53.
    const status = overallStatus(inputs({ datasets: { ...FRESH, whales: dataset(12, 5) } }));
    expect(status).toMatchObject({
      state: "degraded",
      headline: "Degraded: Whale trades stale since 11:53 UTC",
      reasons: ["Whale trades stale since 11:53 UTC"],
      failing: [],
      datasets: { total: 2, problems: [{ dataset: "whales", state: "stale" }] },
    });
    expect(isHealthy(status.state)).toBe(false);
  });

  it("a stale dataset whose refreshes fail says since when they fail", () => {
    const whales = dataset(12, 5, iso(8));
    expect(overallStatus(inputs({ datasets: { ...FRESH, whales } })).reasons).toEqual([
      "Whale trades stale since 11:53 UTC, refreshes failing since 11:52 UTC",
    ]);
  });

  it("the sample markets (fallback) and a list never refreshed: degraded, each named", () => {
    const markets: DatasetAge = {
      state: "fallback",
      fetchedAt: null,
      freshSeconds: 900,
      failingSince: iso(30),
    };
    const whales: DatasetAge = { state: "missing", fetchedAt: null, freshSeconds: 300, failingSince: null };
    expect(overallStatus(inputs({ datasets: { markets, whales } }))).toMatchObject({
      state: "degraded",
      reasons: [
        "Markets unavailable since 11:30 UTC: only the sample markets are shown",
        "Whale trades not refreshed yet",
      ],
      datasets: {
        problems: [
          { dataset: "markets", state: "fallback" },
          { dataset: "whales", state: "missing" },
        ],
      },
    });
  });

  it("any latest check failed (outage or partial): degraded, naming each upstream and when it began failing", () => {
    const checks = statusHistory(
      windows(tally("gamma", 3, 3), tally("data", 1, 3), tally("x", 2, 3)),
      [
        check("data", 3, true),
        check("data", 2, false),
        check("data", 1, false),
        check("x", 1, false, { items: 12 }),
      ],
      NOW,
    );
    expect(overallStatus(inputs({ checks }))).toEqual({
      state: "degraded",
      headline: "Degraded: Polymarket trades failing since 11:58 UTC; X counts failing since 11:59 UTC",
      reasons: ["Polymarket trades failing since 11:58 UTC", "X counts failing since 11:59 UTC"],
      failing: [
        { upstream: "data", sinceMs: NOW - 2 * MINUTE },
        { upstream: "x", sinceMs: NOW - MINUTE },
      ],
      datasets: { total: 2, problems: [] },
      incidents: { total: 2, ongoing: 2 },
      lastCheckMs: NOW - MINUTE,
      at: NOW,
    });
  });

  it("failing upstreams come first, then datasets, in one headline", () => {
    const checks = statusHistory(windows(tally("data", 0, 1)), [check("data", 1, false)], NOW);
    expect(overallStatus(inputs({ checks, datasets: { ...FRESH, whales: dataset(7, 5) } })).headline).toBe(
      "Degraded: Polymarket trades failing since 11:59 UTC; Whale trades stale since 11:58 UTC",
    );
  });

  it("checks unreadable, datasets fresh: 'Status unavailable' with the history's reason and no figures", () => {
    const status = overallStatus(inputs({ checks: null, historyError: "No history database is bound" }));
    expect(status).toEqual({
      state: "unavailable",
      headline: "Status unavailable",
      reasons: ["History: No history database is bound"],
      failing: [],
      datasets: { total: 2, problems: [] },
      incidents: null,
      lastCheckMs: null,
      at: null,
    });
    expect(isHealthy(status.state)).toBe(false);
  });

  it("checks unreadable and a stale dataset: degraded, the history among the reasons", () => {
    const status = overallStatus(inputs({ checks: null, datasets: { ...FRESH, markets: dataset(20, 15) } }));
    expect(status.state).toBe("degraded");
    expect(status.headline).toBe(
      "Degraded: Markets stale since 11:55 UTC; History: The history database cannot be read",
    );
  });

  it("no check yet with every dataset fresh: 'No checks yet', healthy but never operational", () => {
    const status = overallStatus(inputs({ checks: statusHistory(windows(), [], NOW) }));
    expect(status).toMatchObject({
      state: "unchecked",
      headline: "No checks yet",
      reasons: [],
      incidents: { total: 0, ongoing: 0 },
      lastCheckMs: null,
    });
    expect(isHealthy(status.state)).toBe(true);
  });

  it("no check yet and nothing refreshed: degraded, not 'No checks yet'", () => {
    const missing: DatasetAge = { state: "missing", fetchedAt: null, freshSeconds: 900, failingSince: null };
    const status = overallStatus(
      inputs({ checks: statusHistory(windows(), [], NOW), datasets: { markets: missing, whales: missing } }),
    );
    expect(status.headline).toBe("Degraded: Markets not refreshed yet; Whale trades not refreshed yet");
  });
});
