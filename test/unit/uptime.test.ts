import { describe, expect, it } from "vitest";
import {
  type CheckedUpstream,
  type CheckRecord,
  type CheckTally,
  formatUptime,
  groupIncidents,
  statusHistory,
  uptimePercent,
} from "~/lib/uptime";

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 23, 12, 0);

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

describe("uptime: ok checks / all checks", () => {
  it.each([
    [3, 4, 75, "75.00%"],
    [4, 4, 100, "100.00%"],
    [0, 3, 0, "0.00%"],
    [2, 3, 66.66, "66.66%"],
    [29, 100, 29, "29.00%"],
    // Floored, never rounded up: one failure in 100,000 still reads below 100%.
    [99_999, 100_000, 99.99, "99.99%"],
  ])("%d of %d → %d (%s)", (ok, total, percent, text) => {
    expect(uptimePercent({ ok, total })).toBe(percent);
    expect(formatUptime({ ok, total })).toBe(text);
  });

  it("no checks → no figure", () => {
    expect(uptimePercent({ ok: 0, total: 0 })).toBeNull();
    expect(formatUptime({ ok: 0, total: 0 })).toBe("no checks yet");
  });
});

describe("groupIncidents: a run of consecutive failed checks of one upstream is one incident", () => {
  it("ends a run at the next ok check, with the latest failure's status and error", () => {
    const incidents = groupIncidents(
      [
        check("gamma", 60, true),
        check("gamma", 50, false, { status: 503, error: "first" }),
        check("gamma", 40, false, { status: 500, error: "second" }),
        check("gamma", 30, true),
        check("gamma", 20, true),
      ],
      NOW,
    );
    expect(incidents).toEqual([
      {
        upstream: "gamma",
        startMs: NOW - 50 * MINUTE,
        endMs: NOW - 30 * MINUTE,
        durationMs: 20 * MINUTE,
        failedChecks: 2,
        status: 500,
        error: "second",
        partial: false,
      },
    ]);
  });

  it("a run the latest check still belongs to is ongoing, its duration counted to now", () => {
    const [incident] = groupIncidents(
      [check("data", 3, true), check("data", 2, false), check("data", 1, false)],
      NOW,
    );
    expect(incident).toMatchObject({ endMs: null, durationMs: 2 * MINUTE, failedChecks: 2 });
  });

  it("separate runs are separate incidents, newest first; upstreams never merge; input order is irrelevant", () => {
    const checks = [
      check("gamma", 100, false),
      check("x", 95, false),
      check("gamma", 90, true),
      check("x", 85, true),
      check("gamma", 80, false),
      check("gamma", 70, true),
      check("gamma", 60, false),
    ];
    const incidents = groupIncidents([...checks].reverse(), NOW);
    expect(incidents.map((i) => [i.upstream, (NOW - i.startMs) / MINUTE, i.endMs === null])).toEqual([
      ["gamma", 60, true],
      ["gamma", 80, false],
      ["x", 95, false],
      ["gamma", 100, false],
    ]);
  });

  it("only ok checks, or none: no incidents", () => {
    expect(groupIncidents([check("llm", 5, true), check("llm", 1, true)], NOW)).toEqual([]);
    expect(groupIncidents([], NOW)).toEqual([]);
  });

  it("a failed check that still received items is a partial failure", () => {
    const [incident] = groupIncidents([check("x", 1, false, { items: 20, status: 429 })], NOW);
    expect(incident).toMatchObject({ partial: true, status: 429 });
  });
});

describe("statusHistory: per upstream figures for the page", () => {
  it("uptime per window, the state from the latest check, the last incident", () => {
    const history = statusHistory(
      [
        [tally("gamma", 3, 4), tally("data", 1, 3), tally("x", 2, 3)],
        [tally("gamma", 4, 5), tally("data", 1, 3), tally("x", 2, 3)],
        [tally("gamma", 4, 6), tally("data", 1, 3), tally("x", 2, 3)],
      ],
      [
        check("gamma", 120, false),
        check("gamma", 60, true),
        check("data", 2, false),
        check("data", 1, false),
        check("x", 1, false, { items: 12 }),
      ],
      NOW,
    );
    expect(history.at).toBe(NOW);
    expect(history.upstreams.map((u) => u.upstream)).toEqual(["gamma", "data", "x", "llm"]);
    const [gamma, data, x, llm] = history.upstreams;
    expect(gamma?.uptime).toEqual({
      "24h": { ok: 3, total: 4 },
      "7d": { ok: 4, total: 5 },
      "30d": { ok: 4, total: 6 },
    });
    expect(gamma).toMatchObject({ state: "operational", meanLatencyMs: 250, lastCheckMs: NOW - MINUTE });
    expect(gamma?.lastIncident).toMatchObject({ startMs: NOW - 120 * MINUTE, endMs: NOW - 60 * MINUTE });
    expect(data).toMatchObject({ state: "outage", lastIncident: { endMs: null } });
    expect(x?.state).toBe("degraded");
    expect(llm).toEqual({
      upstream: "llm",
      uptime: { "24h": { ok: 0, total: 0 }, "7d": { ok: 0, total: 0 }, "30d": { ok: 0, total: 0 } },
      meanLatencyMs: null,
      lastCheckMs: null,
      state: null,
      lastIncident: null,
    });
    expect(history.incidents).toHaveLength(3);
  });
});
