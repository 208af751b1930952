/** The on-demand cache's rules with a settable clock and memory only (the Cache API layer is tested in workerd). */
import { describe, expect, it } from "vitest";
import {
  LookupLimitedError,
  MISSING_FRESH_MS,
  OnDemandCache,
  type OnDemandRead,
  UpstreamUnavailableError,
} from "~/.server/cache/on-demand";
import { openGate } from "~/.server/client-limits";
import { UpstreamError } from "~/.server/http";

const MIN = 60_000;

function setup() {
  let now = Date.parse("2026-11-23T12:00:00Z");
  const logs: string[] = [];
  const cache = new OnDemandCache({
    now: () => now,
    cache: null,
    backoffMs: 30_000,
    log: (l) => logs.push(l),
  });
  return {
    cache,
    logs,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A read of `key` whose loads are counted and answered by `answer`. */
function counted<T>(key: string, answer: () => Promise<T>, extra: Partial<OnDemandRead<T>> = {}) {
  const state = { loads: 0 };
  const read: OnDemandRead<T> = {
    key,
    upstream: "gamma",
    freshMs: 5 * MIN,
    load: () => {
      state.loads += 1;
      return answer();
    },
    ...extra,
  };
  return { read, state };
}

const down = () => Promise.reject(new UpstreamError("gamma", "status", "Gamma API error: 500", 500));

describe("on-demand reads", () => {
  it("loads once, then serves the kept answer while it is fresh, and loads again after", async () => {
    const { cache, advance } = setup();
    const { read, state } = counted("market:slug:a", async () => ({ title: "A" }));
    expect((await cache.read(read, openGate)).value).toEqual({ title: "A" });
    advance(4 * MIN);
    const kept = await cache.read(read, openGate);
    expect(kept.stale).toBe(false);
    expect(state.loads).toBe(1);
    advance(2 * MIN);
    await cache.read(read, openGate);
    expect(state.loads).toBe(2);
  });

  it("an answer of nothing (an unknown id) is not asked again for 10 minutes, even with a shorter freshness", async () => {
    const { cache, advance } = setup();
    const { read, state } = counted("market:slug:nope", async () => null, {
      freshMs: MIN,
      isEmpty: (v) => v === null,
    });
    expect((await cache.read(read, openGate)).value).toBeNull();
    advance(MISSING_FRESH_MS - 1);
    expect((await cache.read(read, openGate)).value).toBeNull();
    expect(state.loads).toBe(1);
    advance(2);
    await cache.read(read, openGate);
    expect(state.loads).toBe(2);
  });

  it("concurrent reads of one key share one load", async () => {
    const { cache } = setup();
    const { read, state } = counted("market:slug:a", async () => 1);
    await Promise.all([cache.read(read, openGate), cache.read(read, openGate), cache.read(read, openGate)]);
    expect(state.loads).toBe(1);
  });

  it("a failed load leaves its route alone for the back-off: other ids of it fail at once without a load", async () => {
    const { cache, advance } = setup();
    const first = counted("market:slug:one", down);
    await expect(cache.read(first.read, openGate)).rejects.toBeInstanceOf(UpstreamError);
    const others = ["two", "three", "four"].map((id) => counted(`market:slug:${id}`, down));
    for (const other of others) {
      await expect(cache.read(other.read, openGate)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    }
    expect(others.map((o) => o.state.loads)).toEqual([0, 0, 0]);
    // Another route of the same upstream is not held back.
    const event = counted("market:event:e", async () => ({ id: "e" }));
    expect((await cache.read(event.read, openGate)).value).toEqual({ id: "e" });
    advance(30_001);
    const after = counted("market:slug:five", async () => ({ title: "Five" }));
    expect((await cache.read(after.read, openGate)).value).toEqual({ title: "Five" });
  });

  it("a Retry-After longer than the back-off is honoured", async () => {
    const { cache, advance } = setup();
    const busy = () => Promise.reject(new UpstreamError("data", "status", "429", 429, 120_000));
    const first = counted("trader:positions:w1", busy, { upstream: "data" });
    await expect(cache.read(first.read, openGate)).rejects.toBeInstanceOf(UpstreamError);
    advance(60_000);
    const second = counted("trader:positions:w2", async () => [], { upstream: "data" });
    await expect(cache.read(second.read, openGate)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(second.state.loads).toBe(0);
    advance(60_001);
    await cache.read(second.read, openGate);
    expect(second.state.loads).toBe(1);
  });

  it("an empty answer from the upstream is not a failure (no back-off)", async () => {
    const { cache } = setup();
    const empty = counted("market:slug:x", () => Promise.reject(new UpstreamError("gamma", "empty", "none")));
    await expect(cache.read(empty.read, openGate)).rejects.toBeInstanceOf(UpstreamError);
    const next = counted("market:slug:y", async () => 1);
    await cache.read(next.read, openGate);
    expect(next.state.loads).toBe(1);
  });

  it("serves the kept copy, marked stale with the failure, when a reload fails or the route is in back-off", async () => {
    const { cache, advance } = setup();
    let answer: () => Promise<{ title: string }> = async () => ({ title: "A" });
    const { read } = counted("market:slug:a", () => answer());
    await cache.read(read, openGate);
    advance(6 * MIN);
    answer = down;
    const failed = await cache.read(read, openGate);
    expect(failed).toMatchObject({
      value: { title: "A" },
      stale: true,
      failure: { message: "Gamma API error: 500, status 500" },
    });
    const backedOff = await cache.read(read, openGate);
    expect(backedOff.stale).toBe(true);
    expect(backedOff.failure?.message).toContain("not asked again until");
  });
});

describe("the lookup gate", () => {
  const refusing = async () => {
    throw new LookupLimitedError(42);
  };

  it("is not asked for a kept answer, and its refusal stops a load", async () => {
    const { cache } = setup();
    const { read, state } = counted("market:slug:a", async () => 1);
    let asked = 0;
    await cache.read(read, async () => {
      asked += 1;
    });
    await cache.read(read, refusing);
    expect({ asked, loads: state.loads }).toEqual({ asked: 1, loads: 1 });
    const other = counted("market:slug:b", async () => 2);
    await expect(cache.read(other.read, refusing)).rejects.toBeInstanceOf(LookupLimitedError);
    expect(other.state.loads).toBe(0);
  });

  it("with a stale copy kept, a refusal serves the copy instead", async () => {
    const { cache, advance } = setup();
    const { read, state } = counted("market:slug:a", async () => 1);
    await cache.read(read, openGate);
    advance(6 * MIN);
    const kept = await cache.read(read, refusing);
    expect(kept).toMatchObject({ value: 1, stale: true });
    expect(state.loads).toBe(1);
  });
});

describe("memory stays bounded", () => {
  it("keeps at most 1,000 entries, forgetting the least recently used first", async () => {
    const { cache } = setup();
    for (let i = 0; i < 1_100; i++)
      await cache.read(counted(`market:slug:m${i}`, async () => i).read, openGate);
    expect(cache.size().entries).toBe(1_000);
    // The oldest was forgotten: reading it loads again.
    const oldest = counted("market:slug:m0", async () => 0);
    await cache.read(oldest.read, openGate);
    expect(oldest.state.loads).toBe(1);
  });

  it("keeps at most 8 MB of answers", async () => {
    const { cache } = setup();
    const big = "x".repeat(1_000_000);
    for (let i = 0; i < 12; i++)
      await cache.read(counted(`market:prices:max:t${i}`, async () => big).read, openGate);
    expect(cache.size().bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(cache.size().entries).toBeLessThan(12);
  });
});
