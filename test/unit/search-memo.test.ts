/** The search memo (decision 0035): a minute per answer, no query shared across requests, failures not kept, bounded. */
import { describe, expect, it } from "vitest";
import { SEARCH_MEMO_MS, SearchMemo } from "~/.server/search/memo";

function counting() {
  const asked: string[] = [];
  const load =
    (key: string, events = 10) =>
    () => {
      asked.push(key);
      return Promise.resolve({ key, events });
    };
  return { asked, load };
}

describe("SearchMemo", () => {
  it("keeps an answer a minute, then asks again", async () => {
    const memo = new SearchMemo<{ key: string; events: number }>((v) => v.events);
    const { asked, load } = counting();
    await memo.get("fed", 0, load("fed"));
    await memo.get("fed", SEARCH_MEMO_MS - 1, load("fed"));
    expect(asked).toEqual(["fed"]);
    await memo.get("fed", SEARCH_MEMO_MS, load("fed"));
    expect(asked).toEqual(["fed", "fed"]);
  });

  it("a query under way is not shared: two asks that miss at once each load (workerd I/O is per request)", async () => {
    const memo = new SearchMemo<{ key: string; events: number }>((v) => v.events);
    const { asked, load } = counting();
    const answers = await Promise.all([memo.get("a", 0, load("a")), memo.get("a", 1, load("a"))]);
    expect(asked).toEqual(["a", "a"]);
    expect(answers.map((a) => a.key)).toEqual(["a", "a"]);
    await memo.get("a", 2, load("a"));
    expect(asked).toEqual(["a", "a"]);
    expect(memo.stats()).toEqual({ entries: 1, events: 10 });
  });

  it("a failure is not kept: the next ask loads again", async () => {
    const memo = new SearchMemo<number>((v) => v);
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error("D1 down"));
    };
    await expect(memo.get("x", 0, failing)).rejects.toThrow("D1 down");
    await expect(memo.get("x", 1, failing)).rejects.toThrow("D1 down");
    expect(calls).toBe(2);
    expect(memo.stats().entries).toBe(0);
  });

  it("holds at most 4,000 events: the oldest answers go first", async () => {
    const memo = new SearchMemo<{ key: string; events: number }>((v) => v.events);
    const { asked, load } = counting();
    for (let i = 0; i < 50; i++) await memo.get(`q${i}`, i, load(`q${i}`, 100));
    expect(memo.stats().events).toBeLessThanOrEqual(4_000);
    expect(memo.stats().entries).toBe(40);
    await memo.get("q49", 100, load("q49"));
    await memo.get("q0", 100, load("q0"));
    expect(asked.filter((k) => k === "q49")).toHaveLength(1);
    expect(asked.filter((k) => k === "q0")).toHaveLength(2);
  });
});
