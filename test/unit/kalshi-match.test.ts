/**
 * The Polymarket ↔ Kalshi matcher measured on the labelled set (test/fixtures/cross-venue-labels.json, built
 * by hand from the recorded payloads; its `method` says how): every pair it shows among the recorded markets
 * must be labelled, the shown pairs' precision must be at least 95 %, and the recall is reported. Then the
 * threshold (no labelled near miss reaches it), the parts it reads (deadlines, thresholds and their
 * direction), and the overrides winning over the score.
 */
import { describe, expect, it } from "vitest";
import { readKalshiEvent } from "~/.server/kalshi/client";
import { indexSides } from "~/.server/kalshi/pair-job";
import { normaliseGammaEvent } from "~/.server/polymarket/gamma-events";
import {
  COMMON_WORD_MARKETS,
  deadlineOf,
  type KalshiSide,
  MATCH_THRESHOLD,
  type PolymarketSide,
  polymarketSides,
  proposePairs,
  RARE_WORD_MARKETS,
  scorePair,
  thresholdOf,
  WordIndex,
} from "~/lib/kalshi-match";
import { KALSHI_OVERRIDES, mergeOverrides } from "~/lib/kalshi-overrides";
import { readFixture } from "../support/fixtures";

type Json = Record<string, unknown>;
interface Label {
  polymarket: string;
  kalshi: string;
  same: boolean;
  why: string;
}
const labels = readFixture<{ method: string; pairs: Label[] }>("cross-venue-labels.json");

/** A Gamma market as the matcher reads it (priced markets only: placeholders have no prices). */
function polymarketSide(market: Json, eventTitle: string, eventEnd: unknown): PolymarketSide[] {
  if (typeof market.outcomePrices !== "string") return [];
  return [
    {
      id: String(market.id),
      question: String(market.question ?? ""),
      eventTitle,
      label: String(market.groupItemTitle ?? "").trim(),
      endDate:
        typeof market.endDate === "string" ? market.endDate : typeof eventEnd === "string" ? eventEnd : null,
    },
  ];
}

const events: Json[] = [
  readFixture<Json>("polymarket/gamma-event-negrisk-60.json"),
  ...readFixture<Json[]>("polymarket/gamma-events-iran-11-EXTRACT.json"),
  ...readFixture<Json[]>("polymarket/gamma-events-active-100.json"),
];
const POLYMARKET: PolymarketSide[] = [
  ...events.flatMap((e) =>
    ((e.markets as Json[] | undefined) ?? []).flatMap((m) =>
      polymarketSide(m, String(e.title ?? ""), e.endDate),
    ),
  ),
  ...readFixture<Json[]>("polymarket/gamma-markets-active-100.json").flatMap((m) =>
    polymarketSide(m, String((m.events as Json[] | undefined)?.[0]?.title ?? ""), null),
  ),
];
const KALSHI: KalshiSide[] = [
  ...readFixture<{ events: Json[] }>("kalshi/bobaoxu__events_nested_2events.json").events,
  ...readFixture<Json[]>("kalshi/iran-project__events_nested_14_EXTRACT.json"),
].flatMap(readKalshiEvent);

const key = (polymarket: string, kalshi: string) => `${polymarket} ${kalshi}`;
const labelled = new Map(labels.pairs.map((l) => [key(l.polymarket, l.kalshi), l]));
const byId = new Map(POLYMARKET.map((p) => [p.id, p]));
const byTicker = new Map(KALSHI.map((k) => [k.ticker, k]));

describe("the labelled set", () => {
  it("names only recorded markets, each pair once, each with why", () => {
    expect(POLYMARKET.length).toBeGreaterThan(400);
    expect(KALSHI.length).toBe(246);
    for (const l of labels.pairs) {
      expect(byId.has(l.polymarket), l.polymarket).toBe(true);
      expect(byTicker.has(l.kalshi), l.kalshi).toBe(true);
      expect(l.why.length).toBeGreaterThan(20);
    }
    expect(labelled.size).toBe(labels.pairs.length);
    expect(labels.pairs.filter((l) => l.same).length).toBeGreaterThanOrEqual(50);
    expect(labels.pairs.filter((l) => !l.same).length).toBeGreaterThanOrEqual(25);
  });
});

describe("the matcher on the recorded markets", () => {
  const shown = proposePairs(POLYMARKET, KALSHI);

  it("shows only labelled pairs, with a precision of at least 95 % and the recall reported", () => {
    const unlabelled = shown.filter((s) => !labelled.has(key(s.polymarketId, s.kalshiTicker)));
    expect(
      unlabelled.map((s) => `${byId.get(s.polymarketId)?.question} ↔ ${byTicker.get(s.kalshiTicker)?.title}`),
    ).toEqual([]);
    const right = shown.filter((s) => labelled.get(key(s.polymarketId, s.kalshiTicker))?.same).length;
    const same = labels.pairs.filter((l) => l.same).length;
    const precision = right / shown.length;
    const recall = right / same;
    console.info(
      `matcher on ${POLYMARKET.length} × ${KALSHI.length} recorded markets: ${shown.length} pairs shown, ${right} right; precision ${(precision * 100).toFixed(1)} %, recall ${(recall * 100).toFixed(1)} % of ${same} labelled same`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it("every shown pair carries its score and reasons", () => {
    const pahlavi = shown.find((s) => s.kalshiTicker === "KXRECOGPERSONIRAN-26");
    expect(pahlavi).toMatchObject({ polymarketId: "1115288", decidedBy: "score", conflict: null });
    expect(pahlavi?.reasons).toContain("same date 2026-12-31");
    const spain = shown.find((s) => s.kalshiTicker === "KXMENWORLDCUP-26-ES");
    expect(spain?.polymarketId).toBe("558934");
    expect(spain?.reasons).toEqual(
      expect.arrayContaining(['outcome "Spain" on both', "dates a day apart: 2026-07-20, 2026-07-19"]),
    );
    for (const s of shown) expect(s.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it("the threshold: every labelled near miss scores under it (most are refused outright), every labelled same pair over it", () => {
    const scored = labels.pairs.map((l) => {
      const p = byId.get(l.polymarket);
      const k = byTicker.get(l.kalshi);
      if (!p || !k) throw new Error(key(l.polymarket, l.kalshi));
      return { l, s: scorePair(p, k) };
    });
    const nearMisses = scored.filter(({ l }) => !l.same);
    const sames = scored.filter(({ l }) => l.same);
    const highestMiss = Math.max(...nearMisses.map(({ s }) => s.score));
    const lowestSame = Math.min(...sames.map(({ s }) => s.score));
    console.info(
      `threshold ${MATCH_THRESHOLD}: near misses score ≤ ${highestMiss}, same pairs ≥ ${lowestSame}`,
    );
    expect(highestMiss).toBeLessThan(MATCH_THRESHOLD);
    expect(lowestSame).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    // Each near miss is refused for the reason its label gives.
    const conflictOf = (p: string, k: string) =>
      nearMisses.find(({ l }) => key(l.polymarket, l.kalshi) === key(p, k))?.s.conflict;
    expect(conflictOf("515448", "KXFEDCHAIRNOM-29-KW")).toBe("another date: 2025-06-30 ≠ 2029-01-20");
    expect(conflictOf("514497", "KXKHAMENEIOUT-AKHA-26JUL01")).toBe("another date: 2025-06-30 ≠ 2026-06-30");
    expect(conflictOf("558934", "KXWCROUND-26FINAL-ESP")).toMatch(/^another question: win ≠ qualify/);
    expect(conflictOf("558946", "KXWCGROUPWIN-26G-BEL")).toMatch(/^another (question|group)/);
    expect(conflictOf("558959", "KXMENWORLDCUP-26-ES")).toBe(
      'another outcome: "Spain" is not in the Polymarket question',
    );
    expect(conflictOf("550694", "KXWCROUND-26FINAL-ITA")).toBe("another stage: the whole ≠ final");
  });
});

describe("from the site's market model", () => {
  it("an event as the site reads it from Gamma pairs as its recorded markets do", () => {
    const event = normaliseGammaEvent(readFixture("polymarket/gamma-event-negrisk-60.json"));
    if (!event) throw new Error("the recorded event does not read");
    const sides = polymarketSides(event);
    expect(sides.find((p) => p.id === "558934")).toMatchObject({
      question: "Will Spain win the 2026 FIFA World Cup?",
      label: "Spain",
      eventTitle: event.title,
    });
    const pairs = proposePairs(sides, KALSHI);
    // Exactly the labelled same pairs among the event's open markets (closed ones are not in `markets`).
    const expected = labels.pairs.filter((l) => l.same && sides.some((p) => p.id === l.polymarket));
    expect(expected.length).toBeGreaterThan(20);
    expect(pairs.map((p) => key(p.polymarketId, p.kalshiTicker)).sort()).toEqual(
      expected.map((l) => key(l.polymarket, l.kalshi)).sort(),
    );
  });
});

describe("what the matcher reads", () => {
  it("deadlines: by / before / in / on, with or without a year, Kalshi's ISO titles", () => {
    expect(deadlineOf("Khamenei out as Supreme Leader of Iran by March 31?", 2026)).toBe("2026-03-31");
    expect(deadlineOf("Before April 1, 2026", 2026)).toBe("2026-03-31");
    expect(deadlineOf("Will Ali Khamenei leave office before 2026-04-01T14:00:00.000Z?", 2026)).toBe(
      "2026-03-31",
    );
    expect(deadlineOf("Will Iran close Strait of Hormuz before May 2026?", 2026)).toBe("2026-04-30");
    expect(deadlineOf("Will the US agree to a new Iranian nuclear deal before April?", 2026)).toBe(
      "2026-03-31",
    );
    expect(deadlineOf("US recognizes Reza Pahlavi as leader of Iran in 2026?", 2026)).toBe("2026-12-31");
    expect(deadlineOf("Before 2027", 2026)).toBe("2026-12-31");
    expect(deadlineOf("On Jul 19, 2026", 2026)).toBe("2026-07-19");
    expect(deadlineOf("Bitcoin price on Jul 25, 2026?", 2026)).toBe("2026-07-25");
    expect(deadlineOf("During Trump's term", 2026)).toBeNull();
  });

  it("thresholds and their direction, from Kalshi's strike labels and Polymarket's questions", () => {
    expect(thresholdOf("$74,300 or above")).toBe("≥ 74300");
    expect(thresholdOf("Will Bitcoin be above $100,000 on Dec 31?")).toBe("≥ 100000");
    expect(thresholdOf("Will the Fed cut ≥ 25 bps?")).toBe("≥ 25 bps");
    expect(thresholdOf("Will Iran's score in the Democracy Index be at least 6 in the 2026 edition?")).toBe(
      "≥ 6",
    );
    expect(thresholdOf("Will inflation be under 2.5%?")).toBe("≤ 2.5%");
    expect(thresholdOf("Will the Spain win the 2026 Men's World Cup?")).toBeNull();
  });

  it("another strike or direction refuses a pair the words would match", () => {
    // A Kalshi strike market as recorded on 2026-07-25 (KXBTCD, the shared recordings), against questions
    // written for the test.
    const kalshi: KalshiSide = {
      ticker: "KXBTCD-26JUL2502-T74299.99",
      title: "Bitcoin price on Jul 25, 2026?",
      eventTitle: "Bitcoin price on Jul 25, 2026?",
      eventSubtitle: "Jul 25, 2026",
      label: "$74,300 or above",
      closeTime: "2026-07-25T06:00:00Z",
    };
    const ask = (question: string) =>
      scorePair(
        {
          id: "1",
          question,
          eventTitle: "Bitcoin price on July 25?",
          label: "",
          endDate: "2026-07-25T06:00:00Z",
        },
        kalshi,
      );
    expect(ask("Will the price of Bitcoin be above $74,300 on July 25, 2026?")).toMatchObject({
      conflict: null,
    });
    expect(ask("Will the price of Bitcoin be above $74,300 on July 25, 2026?").score).toBeGreaterThanOrEqual(
      MATCH_THRESHOLD,
    );
    expect(ask("Will the price of Bitcoin be above $75,000 on July 25, 2026?").conflict).toBe(
      "another threshold: ≥ 75000 ≠ ≥ 74300",
    );
    expect(ask("Will the price of Bitcoin be below $74,300 on July 25, 2026?").conflict).toBe(
      "another threshold: ≤ 74300 ≠ ≥ 74300",
    );
    expect(ask("Will the price of Bitcoin be above $74,300 on July 26, 2026?").conflict).toBe(
      "another date: 2026-07-26 ≠ 2026-07-25",
    );
  });
});

describe("decided pairs win over the score", () => {
  it("a refused pair is never shown, a confirmed one always; the D1 table's verdict wins over the checked-in file", () => {
    const spain = { polymarketId: "558934", kalshiTicker: "KXMENWORLDCUP-26-ES" };
    const refused = proposePairs(POLYMARKET, KALSHI, [{ ...spain, verdict: "refused", note: "test" }]);
    expect(
      refused.some((s) => s.kalshiTicker === spain.kalshiTicker && s.polymarketId === spain.polymarketId),
    ).toBe(false);

    const warsh = { polymarketId: "515448", kalshiTicker: "KXFEDCHAIRNOM-29-KW" };
    expect(KALSHI_OVERRIDES).toContainEqual(expect.objectContaining({ ...warsh, verdict: "refused" }));
    const merged = mergeOverrides(KALSHI_OVERRIDES, [
      { ...warsh, verdict: "confirmed", note: "decided in D1" },
    ]);
    expect(merged.filter((o) => o.polymarketId === warsh.polymarketId)).toEqual([
      { ...warsh, verdict: "confirmed", note: "decided in D1" },
    ]);
    const confirmed = proposePairs(POLYMARKET, KALSHI, merged);
    expect(confirmed.find((s) => s.polymarketId === warsh.polymarketId)).toMatchObject({
      kalshiTicker: warsh.kalshiTicker,
      decidedBy: "confirmed",
      reasons: ["confirmed by hand: decided in D1"],
    });
    // Every checked-in override names a recorded-shape id and ticker.
    for (const o of KALSHI_OVERRIDES) {
      expect(o.polymarketId).toMatch(/^\d+$/);
      expect(o.kalshiTicker).toMatch(/^[A-Z0-9][A-Z0-9.-]+$/);
      expect(o.note.length).toBeGreaterThan(10);
    }
  });
});

describe("the matcher's candidates", () => {
  // Kalshi markets' words: 60 share "championship" and "win" (common: on more than RARE_WORD_MARKETS), market 3
  // also "hornet" (rare); 2,001 more share "price" and "bitcoin" (on more than COMMON_WORD_MARKETS each).
  const common = RARE_WORD_MARKETS + 10;
  const wordsOf: string[][] = [
    ...Array.from({ length: common }, (_, i) =>
      i === 3 ? ["championship", "win", "hornet"] : ["championship", "win"],
    ),
    ...Array.from({ length: COMMON_WORD_MARKETS + 1 }, () => ["price", "bitcoin"]),
  ];
  const index = new WordIndex(wordsOf);

  it("one shared common word proposes nothing; a rare word or two words do, each market once", () => {
    expect(index.candidatesOf(["championship"])).toEqual([]);
    expect(index.candidatesOf(["hornet", "championship"])).toEqual([3]);
    const both = index.candidatesOf(["championship", "win", "hornet"]);
    expect(both).toHaveLength(common);
    expect(new Set(both).size).toBe(common);
    // Nothing carried over from one lookup to the next.
    expect(index.candidatesOf(["win"])).toEqual([]);
  });

  it("words on more than COMMON_WORD_MARKETS markets find nothing, even two of them", () => {
    expect(index.candidatesOf(["price", "bitcoin"])).toEqual([]);
    expect(index.candidatesOf(["price", "bitcoin", "hornet"])).toEqual([3]);
  });
});

describe("the index's events beside the shown ones", () => {
  it("adds an event only the index holds, skips one already shown, and names each market's event", () => {
    const event = normaliseGammaEvent(readFixture("polymarket/gamma-event-negrisk-60.json"));
    if (!event) throw new Error("the recorded event does not read");
    const slugOf = new Map<string, string>();
    const sides = indexSides([event], slugOf);
    expect(sides).toHaveLength(event.markets.length);
    expect(slugOf.get("558934")).toBe(event.slug);
    // Paired as the shown copy would be.
    expect(proposePairs(sides, KALSHI).map((p) => p.polymarketId)).toContain("558934");
    // Shown already (its markets named by the snapshot): nothing more.
    expect(indexSides([event], slugOf)).toEqual([]);
  });
});
