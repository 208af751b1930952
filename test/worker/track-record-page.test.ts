/**
 * The track record's pages inside workerd (real miniflare D1 with the migrations): `/track-record`'s
 * figures against hand-computed values, "too few to judge", its pagination and bad page numbers, the
 * page when the database is missing or failing, a market page's own calls, and `/trading-signals`'
 * open calls in order of the current cards' confidence.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formatPrice } from "~/lib/format";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import { callSourceText } from "~/lib/track-record-page";
import umaMarkets from "../fixtures/polymarket/gamma-markets-uma-proposed-disputed-13.json" with {
  type: "json",
};
import { HISTORY_MARKET_SLUG } from "../support/market-answers";
import { type CallRow, clearCalls, gradeCall, insertCalls } from "./support/calls";
import { keysetHandler, recordedMarkets, upstreams } from "./support/upstreams";
import { BROWSER, failingDb, type TestWorker, testWorker, workerTest } from "./support/worker";

const DAY = 86_400_000;
const NOW = Date.now();
const FUTURE = new Date(NOW + 30 * DAY).toISOString();
/** The on-demand market of HISTORY_MARKET_SLUG (recorded event). */
const HISTORY_MARKET_ID = "824952";

const t = workerTest();

beforeEach(async () => {
  await clearCalls();
  vi.restoreAllMocks();
});

/** The page's HTML with React's text separators removed. */
async function html(path: string, w: TestWorker = t.worker): Promise<{ status: number; body: string }> {
  const response = await w.fetch(path, { headers: BROWSER });
  return { status: response.status, body: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The text inside the element carrying `data-testid=<id>` (its first text node). */
function testId(body: string, id: string): string | undefined {
  return new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(body)?.[1];
}

/**
 * The rows of a table body (by its data-testid), each as its cells' text. The phone's compact line
 * under the first cell repeats the other cells, so it is left out.
 */
function rows(body: string, id: string): string[][] {
  const tbody = (new RegExp(`<tbody data-testid="${id}">([\\s\\S]*?)</tbody>`).exec(body)?.[1] ?? "").replace(
    /<div data-compact=""[^>]*>[\s\S]*?<\/div>/g,
    "",
  );
  return [...tbody.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((cell) =>
      (cell[1] ?? "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    ),
  );
}

/**
 * Seven calls, hand-graded. Buy calls: g1 yes at 40¢ (hit, +$1.50), g2 no at 30¢ (hit, +$0.43),
 * g3 yes at 50¢ (miss, −$1): hit rate 2/3 = 67%, Wilson 21%–94%; mean return 0.929/3 = +$0.31;
 * the favourite at the same moments: −1, +0.4286, −1 → −$0.52. With h1 (a hold, yes) the Brier
 * scores over the four graded calls with probabilities: model (0.16 + 0.04 + 0.49 + 0.25)/4 = 0.235,
 * market (0.36 + 0.09 + 0.25 + 0.2025)/4 = 0.226, skill 1 − 0.235/0.225625 = −0.04.
 */
const SEVEN: CallRow[] = [
  {
    id: "g1",
    marketId: "1",
    slug: "market-one",
    question: "Market one?",
    side: "buy_yes",
    priceAtCall: 0.4,
    modelProbability: 0.6,
    calledMs: NOW - 10 * DAY,
    category: "politics",
  },
  {
    id: "g2",
    marketId: "2",
    slug: "market-two",
    question: "Market two?",
    side: "buy_no",
    priceAtCall: 0.3,
    modelProbability: 0.2,
    calledMs: NOW - 9 * DAY,
    category: "politics",
  },
  {
    id: "g3",
    marketId: "3",
    slug: "market-three",
    question: "Market three?",
    side: "buy_yes",
    priceAtCall: 0.5,
    modelProbability: 0.7,
    calledMs: NOW - 8 * DAY,
    category: "crypto",
  },
  {
    id: "h1",
    marketId: "4",
    slug: "market-four",
    question: "Market four?",
    side: "hold",
    priceAtCall: 0.55,
    modelProbability: 0.5,
    calledMs: NOW - 7 * DAY,
  },
  {
    id: "v1",
    marketId: "5",
    slug: "market-five",
    question: "Market five?",
    side: "buy_yes",
    priceAtCall: 0.5,
    calledMs: NOW - 6 * DAY,
  },
  {
    id: "p1",
    marketId: "6",
    slug: "market-six",
    question: "Market six?",
    side: "buy_yes",
    priceAtCall: 0.2,
    calledMs: NOW - 5 * DAY,
    endDate: FUTURE,
  },
  {
    id: "p2",
    marketId: "7",
    slug: "market-seven",
    question: "Market seven?",
    side: "buy_no",
    priceAtCall: 0.8,
    calledMs: NOW - 4 * DAY,
    endDate: "2024-01-31T00:00:00Z",
  },
];

async function seedSeven(): Promise<void> {
  await insertCalls(SEVEN);
  await gradeCall("g1", "yes", NOW - 3 * DAY);
  await gradeCall("g2", "no", NOW - 2 * DAY);
  await gradeCall("g3", "no", NOW - 1 * DAY);
  await gradeCall("h1", "yes", NOW - 2.5 * DAY);
  await gradeCall("v1", "void", NOW - 1.5 * DAY);
  await env.DB.prepare(
    "INSERT INTO settlement_checks (market_id, checked_ms, state) VALUES ('7', ?1, 'proposed')",
  )
    .bind(NOW - DAY)
    .run();
}

describe("/track-record", () => {
  it("shows the headline figures computed by hand, each with its count, and too few to judge", async () => {
    await seedSeven();
    const { status, body } = await html("/track-record");
    expect(status).toBe(200);
    expect(body).toContain("<title>Track Record: Every Call, Graded | OddsPulse</title>");
    expect(body).toContain('<link rel="canonical" href="https://oddspulse.example/track-record"/>');

    const figure = (id: string) =>
      (new RegExp(`data-testid="figure-${id}"[^>]*>([\\s\\S]*?)</div>`).exec(body)?.[1] ?? "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
    expect(figure("calls")).toContain("Calls recorded 7");
    expect(figure("graded")).toContain("Graded 4");
    expect(figure("pending")).toContain("Pending 2");
    expect(figure("void")).toContain("Void 1");
    expect(figure("holds")).toContain("Holds 1");

    expect(testId(body, "value-hit-rate")).toBe("67%");
    expect(body).toMatch(/95% interval 21%–94% · 3 graded buy calls/);
    expect(testId(body, "value-return")).toBe("+$0.31");
    expect(body).toContain("Buying the favourite at the same moments: <strong>-$0.52</strong>");
    expect(testId(body, "value-brier")).toBe("0.235 vs 0.226");
    expect(body).toContain("Skill score <strong>-0.04</strong> · 4 graded calls with a model probability");
    // 4 graded calls: every judged figure says so.
    expect(body.match(/too few to judge<\/span>/g)?.length).toBeGreaterThanOrEqual(3);

    // The reliability diagram: SVG with its diagonal, the four bins with a call in the table.
    expect(body).toContain('data-testid="reliability-svg"');
    expect(body).toContain('data-testid="reliability-diagonal"');
    expect(body.match(/<circle /g)).toHaveLength(4);
    const bins = rows(body, "reliability-table");
    expect(bins).toHaveLength(10);
    expect(bins[2]).toEqual(["20%–30%", "1", "20%", "0%"]);
    expect(bins[6]).toEqual(["60%–70%", "1", "60%", "100%"]);
    expect(bins[0]).toEqual(["0%–10%", "0", "—", "—"]);

    // By category: politics has the two hits.
    expect(body).toContain('data-testid="by-category"');
    const politics = /<th scope="row"[^>]*><span[^>]*><span[^>]*>Politics<\/span>[\s\S]*?<\/tr>/.exec(
      body,
    )?.[0];
    expect(politics?.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toContain(
      "Politics too few to judge 2 2 0 0 0 100% 34%–100%, n = 2",
    );
  });

  it("lists settled calls newest settled first with their return, and open calls with why they are pending", async () => {
    await seedSeven();
    const { body } = await html("/track-record");
    const settled = rows(body, "settled-calls");
    expect(settled.map((r) => r[0])).toEqual([
      "Market three?",
      "Market five?",
      "Market two?",
      "Market four?",
      "Market one?",
    ]);
    expect(settled[0]).toEqual([
      "Market three?",
      "BUY YES Model fixture-model",
      expect.any(String),
      "Yes 50¢",
      expect.stringMatching(/^First outcome lost /),
      "-$1.00",
    ]);
    expect(settled[1]?.[4]).toMatch(/^Void \(50\/50\)/);
    expect(settled[1]?.[5]).toBe("—");
    expect(settled[3]?.[1]).toBe("NEUTRAL Model fixture-model");
    expect(settled[3]?.[5]).toBe("—");
    expect(settled[4]?.[5]).toBe("+$1.50");
    // g2 bought No when Yes traded at 30¢: its price is No's, 70¢ (and its return +$0.43 as before).
    expect(settled[2]?.[3]).toBe("No 70¢");
    expect(settled[2]?.[5]).toBe("+$0.43");
    // A hold shows the first outcome's price.
    expect(settled[3]?.[3]).toBe("Yes 55¢");
    expect(body).toContain('href="/market/market-three"');

    const open = rows(body, "open-calls");
    expect(open.map((r) => r[3])).toEqual(["No 20¢", "Yes 20¢"]);
    expect(open.map((r) => [r[0], r[4]])).toEqual([
      ["Market seven?", "Resolution proposed, not final yet"],
      [
        "Market six?",
        `Market open, ends ${new Date(FUTURE).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" })}`,
      ],
    ]);
    // One page each: no page links.
    expect(body).not.toContain('data-testid="graded-pages"');
  });

  it("an open call on a market whose answer is proposed says so with the answer (the minute cron's UMA state), ungraded", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // A call on a recorded market in UMA's resolution (Frech vs Zvonareva, set 1 winner: proposed).
    await insertCalls([
      {
        id: "uma1",
        marketId: "1346263",
        question: "Set 1 Winner: Frech vs Zvonareva",
        outcomes: ["Frech", "Zvonareva"],
        side: "buy_yes",
        priceAtCall: 0.4,
        calledMs: NOW - 2 * DAY,
      },
    ]);
    upstreams.use(keysetHandler([...recordedMarkets, ...umaMarkets]));
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    const { body } = await html("/track-record", testWorker());
    // The market run adds its own calls on the recorded events; this one is among the open calls.
    const open = rows(body, "open-calls").filter((r) => r[0] === "Set 1 Winner: Frech vs Zvonareva");
    expect(open.map((r) => r[4])).toEqual(["Answer proposed (Frech), not final yet"]);
    const graded = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM call_grades WHERE call_id = 'uma1'",
    ).first<number>("n");
    expect(graded).toBe(0);
  });

  it("pages the lists 20 at a time with plain links; past the end shows the last page; a bad number is a 400", async () => {
    const many: CallRow[] = Array.from({ length: 25 }, (_, i) => ({
      id: `s${i}`,
      marketId: `${100 + i}`,
      slug: `settled-${i}`,
      question: `Settled ${i}?`,
      side: "buy_yes",
      priceAtCall: 0.5,
      calledMs: NOW - (40 - i) * DAY,
    }));
    const open: CallRow[] = Array.from({ length: 21 }, (_, i) => ({
      id: `o${i}`,
      marketId: `${200 + i}`,
      question: `Open ${i}?`,
      side: "buy_no",
      priceAtCall: 0.5,
      calledMs: NOW - (30 - i) * DAY,
      endDate: FUTURE,
    }));
    await insertCalls([...many, ...open]);
    for (const [i, call] of many.entries())
      await gradeCall(call.id, i % 2 ? "yes" : "no", NOW - (25 - i) * 3_600_000);

    const first = await html("/track-record");
    expect(rows(first.body, "settled-calls")).toHaveLength(20);
    expect(rows(first.body, "settled-calls")[0]?.[0]).toBe("Settled 24?");
    expect(first.body).toContain("1–20 of 25 settled calls");
    expect(first.body).toContain('href="/track-record?graded=2#settled" rel="next"');
    expect(first.body).toContain('href="/track-record?open=2#open" rel="next"');
    expect(first.body).not.toContain('rel="prev"');

    const second = await html("/track-record?graded=2&open=2");
    expect(second.status).toBe(200);
    expect(rows(second.body, "settled-calls").map((r) => r[0])).toEqual([
      "Settled 4?",
      "Settled 3?",
      "Settled 2?",
      "Settled 1?",
      "Settled 0?",
    ]);
    expect(second.body).toContain("21–25 of 25 settled calls");
    // Each list's links keep the other list's page.
    expect(second.body).toContain('href="/track-record?open=2#settled" rel="prev"');
    expect(second.body).toContain('href="/track-record?graded=2#open" rel="prev"');
    expect(rows(second.body, "open-calls")).toHaveLength(1);
    // A market without a slug is named, not linked.
    expect(second.body).not.toContain('href="/market/null"');

    const past = await html("/track-record?graded=9");
    expect(past.status).toBe(200);
    expect(past.body).toContain("Page 2 of 2");

    for (const bad of ["?graded=0", "?graded=abc", "?open=-1", "?open=1.5", "?graded=2e3"]) {
      const { status, body } = await html(`/track-record${bad}`);
      expect(status, bad).toBe(400);
      expect(body).toContain("Bad page number: ?");
      expect(body).toContain("takes a whole number from 1.");
    }
  });

  it("the horizon table's rows and its no-horizon line add up to the calls recorded", async () => {
    // SEVEN has one call without a horizon (p2: pending, its market ended before the call); add one
    // without an end date.
    await seedSeven();
    await insertCalls([
      { id: "n1", marketId: "8", side: "buy_yes", priceAtCall: 0.5, calledMs: NOW - DAY, endDate: null },
    ]);
    const { body } = await html("/track-record");
    const recorded = Number(/data-testid="figure-calls"[\s\S]*?<dd[^>]*>([\d,]+)<\/dd>/.exec(body)?.[1]);
    expect(recorded).toBe(8);
    const table = /data-testid="by-horizon"[\s\S]*?data-testid="by-horizon-note"/.exec(body)?.[0] ?? "";
    // The Calls column: each body row's first <td> (its label is a <th>).
    const callsInRows = [...table.matchAll(/<tr class[^>]*>[\s\S]*?<td[^>]*>([^<]*)<\/td>/g)].map((m) =>
      Number(m[1]),
    );
    expect(callsInRows.length).toBeGreaterThan(1);
    expect(callsInRows.every(Number.isInteger)).toBe(true);
    const note = testId(body, "by-horizon-note") ?? "";
    const noHorizon = Number(/^(\d+) calls have no horizon/.exec(note)?.[1]);
    expect(noHorizon).toBe(2);
    expect(callsInRows.reduce((sum, n) => sum + n, 0) + noHorizon).toBe(recorded);
    expect(note).toContain("The rows and these make the 8 calls recorded.");
  });

  it("a BUY NO call shows No's price: at a 1¢ first outcome, No 99¢, in both lists and the phone line", async () => {
    await insertCalls([
      {
        id: "open-no",
        marketId: "1",
        question: "Open no?",
        side: "buy_no",
        priceAtCall: 0.01,
        calledMs: NOW - DAY,
      },
      {
        id: "won-no",
        marketId: "2",
        question: "Won no?",
        side: "buy_no",
        priceAtCall: 0.01,
        calledMs: NOW - 2 * DAY,
      },
      {
        id: "teams",
        marketId: "3",
        question: "Lakers or Celtics?",
        outcomes: ["Lakers", "Celtics"],
        side: "buy_no",
        priceAtCall: 0.4,
        calledMs: NOW - 3 * DAY,
      },
    ]);
    await gradeCall("won-no", "no", NOW - DAY);
    const { body } = await html("/track-record");
    expect(rows(body, "open-calls").map((r) => [r[0], r[1], r[3]])).toEqual([
      ["Open no?", "BUY NO Model fixture-model", "No 99¢"],
      ["Lakers or Celtics?", "BUY NO Model fixture-model", "Celtics 60¢"],
    ]);
    const [won] = rows(body, "settled-calls");
    // No bought at 99¢ that won pays 1¢ per 99¢: the return is unchanged.
    expect([won?.[3], won?.[5]]).toEqual(["No 99¢", "+$0.01"]);
    expect(body).toContain("<span>at No 99¢</span>");
    expect(body).not.toMatch(/>\s*(at )?1¢</);
  });

  it("with 30 graded calls the figures stand on their own: no too few to judge", async () => {
    const thirty: CallRow[] = Array.from({ length: 30 }, (_, i) => ({
      id: `t${i}`,
      marketId: `${300 + i}`,
      question: `Thirty ${i}?`,
      side: "buy_yes",
      priceAtCall: 0.5,
      calledMs: NOW - 40 * DAY + i,
      category: "sports",
      // Each forecast a Yes/No question of its market, scored by its grade: the edge headline has 30 too.
      forecast: {
        keys: [`${300 + i}:0`, `${300 + i}:1`],
        labels: ["Yes", "No"],
        probabilities: [0.6, 0.4],
        marketPrices: [0.5, 0.5],
      },
    }));
    await insertCalls(thirty);
    for (const [i, call] of thirty.entries()) await gradeCall(call.id, i < 20 ? "yes" : "no", NOW - DAY);
    const { body } = await html("/track-record");
    expect(testId(body, "value-hit-rate")).toBe("67%");
    expect(body).toContain("95% interval 49%–81% · 30 graded buy calls");
    // Each of 20 wins pays +$1, each of 10 losses −$1: +$0.33. The favourite at exactly 50¢ is Yes.
    expect(testId(body, "value-return")).toBe("+$0.33");
    expect(body).not.toContain('data-testid="too-few"');
    expect(testId(body, "value-brier")).toBe("—");
    // 20 won: 2·0.4² = 0.32 against 0.5; 10 lost: 2·0.6² = 0.72 against 0.5. Mean 0.4533 vs 0.5: skill +0.093.
    expect(testId(body, "value-edge")).toBe("+0.093");
    expect(testId(body, "value-hit-vs-implied")).toBe("67% vs 50%");
  });

  it("with no calls the page still shows every section, with dashes", async () => {
    const { status, body } = await html("/track-record");
    expect(status).toBe(200);
    expect(testId(body, "value-hit-rate")).toBe("—");
    expect(body).toContain("No call has been settled yet.");
    expect(body).toContain("No open calls.");
    expect(body).toContain("No graded calls with a probability yet");
  });

  it("a failing or missing database is a 200 page that says so, with the method", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const w of [testWorker({ DB: failingDb }), testWorker({ DB: undefined })]) {
      const { status, body } = await html("/track-record", w);
      expect(status).toBe(200);
      expect(body).toContain("The track record is unavailable right now.");
      expect(body).toContain("How the record is kept");
      expect(body).toContain('href="/track-record.csv"');
      expect(body).toContain('href="/api/track-record"');
      expect(body).not.toContain('data-testid="reliability-svg"');
    }
    expect(
      errors.mock.calls.map((args) => String(args[0])).filter((l) => l.includes("D1_ERROR")),
    ).toHaveLength(1);
  });

  it("is in the header navigation and the sitemap", async () => {
    const { body } = await html("/");
    expect(body).toMatch(/<nav aria-label="Categories"[\s\S]*href="\/track-record"[\s\S]*<\/nav>/);
    const sitemap = await (await t.worker.fetch("/sitemap.xml")).text();
    expect(sitemap).toContain("<loc>https://oddspulse.example/track-record</loc>");
  });
});

describe("a market page's own calls", () => {
  it("lists the market's calls newest first with outcome or pending and return", async () => {
    await insertCalls([
      {
        id: "m-old",
        marketId: HISTORY_MARKET_ID,
        side: "buy_yes",
        priceAtCall: 0.4,
        calledMs: NOW - 5 * DAY,
      },
      {
        id: "m-new",
        marketId: HISTORY_MARKET_ID,
        side: "buy_no",
        priceAtCall: 0.35,
        calledMs: NOW - DAY,
        source: "estimate",
      },
      { id: "other", marketId: "1", side: "buy_yes", priceAtCall: 0.4, calledMs: NOW - DAY },
    ]);
    await gradeCall("m-old", "yes", NOW - 2 * DAY);
    const { status, body } = await html(`/market/${HISTORY_MARKET_SLUG}`);
    expect(status).toBe(200);
    expect(body).toContain("Our calls on this market");
    expect(rows(body, "market-calls")).toEqual([
      [expect.any(String), "BUY NO", "Rule-based estimate", "No 65¢", "Pending", "—"],
      [expect.any(String), "BUY YES", "Model fixture-model", "Yes 40¢", "First outcome won", "+$1.50"],
    ]);
  });

  it("says when there are none, and fails alone when the database does", async () => {
    const none = await html(`/market/${HISTORY_MARKET_SLUG}`);
    expect(none.body).toContain("No calls recorded on this market yet.");

    vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, body } = await html(`/market/${HISTORY_MARKET_SLUG}`, testWorker({ DB: failingDb }));
    expect(status).toBe(200);
    const section = /data-testid="section-our-calls"[\s\S]*?<\/section>/.exec(body)?.[0] ?? "";
    expect(section).toContain("History unavailable right now.");
    expect(body).toContain('data-testid="outcomes"');
  });
});

describe("/trading-signals", () => {
  interface EventCard {
    id: string;
    slug: string;
    title: string;
    forecast: { confidence: number; source: string };
    outcomes: { marketId: string; price: number }[];
  }

  it("shows each event's standing open call, highest confidence first, with entry and price now", async () => {
    // Estimated forecasts (no model key): confidences vary from event to event.
    const estimates = testWorker({ LLM_API_KEY: "" });
    await estimates.scheduled(MARKETS_CRON);
    await estimates.settle();
    const { events } = await (await estimates.fetch("/api/v1/events?limit=100")).json<{
      events: EventCard[];
    }>();
    await clearCalls();
    // Three events of different confidence, by the source that made their forecasts.
    const cards = [...events].sort((a, b) => a.forecast.confidence - b.forecast.confidence);
    const [low, high] = [cards[0], cards.at(-1)];
    if (!low || !high) throw new Error("no cards");
    const mid = cards.find(
      (c) =>
        c.forecast.confidence > low.forecast.confidence && c.forecast.confidence < high.forecast.confidence,
    );
    const other = cards.find((c) => ![low, mid, high].includes(c));
    if (!mid || !other) throw new Error("too few distinct confidences");
    const sourceOf = (card: EventCard) =>
      card.forecast.source === "estimated" ? "estimate" : card.forecast.source;
    /** A call on the event's leading outcome (or another), by the source of its forecast. */
    const call = (
      id: string,
      card: EventCard,
      side: CallRow["side"],
      calledMs: number,
      outcome = 0,
    ): CallRow => {
      const marketId = card.outcomes[outcome]?.marketId ?? "none";
      return {
        id,
        marketId,
        question: `${card.title} (${marketId})`,
        slug: `slug-${marketId}`,
        side,
        source: sourceOf(card),
        priceAtCall: 0.25,
        calledMs,
        event: { id: card.id, slug: card.slug, title: card.title },
      };
    };
    const multi = cards.find((c) => c.outcomes.length > 2 && ![low, high, other].includes(c));
    if (!multi) throw new Error("no multi-outcome event");
    await insertCalls([
      call("low", low, "buy_yes", NOW - 3 * DAY),
      call("high", high, "buy_no", NOW - 2 * DAY),
      // An earlier call on another outcome of the same event is superseded: only the later one stands.
      call("old-multi", multi, "buy_no", NOW - 5 * DAY, 1),
      call("multi", multi, "buy_yes", NOW - DAY),
      // A buy withdrawn by a later hold: nothing stands on that event.
      call("withdrawn", other, "buy_yes", NOW - 5 * DAY),
      call("hold", other, "hold", NOW - 4 * DAY),
      // Graded already: not open.
      { ...call("graded", high, "buy_yes", NOW - 6 * DAY), source: "another-model" },
      // Recorded under the rules before events (one call per shown market): on the track record only.
      { ...call("v1", other, "buy_no", NOW - DAY), ruleVersion: 1, event: null },
      // An event no longer in the snapshot: last, without confidence or price now.
      {
        id: "gone",
        marketId: "999",
        question: "Gone market?",
        side: "buy_yes",
        source: sourceOf(high),
        priceAtCall: 0.6,
        calledMs: NOW,
        event: { id: "999", slug: "gone-event", title: "Gone event?" },
      },
    ]);
    await gradeCall("graded", "yes", NOW - DAY);

    const { status, body } = await html("/trading-signals", estimates);
    expect(status).toBe(200);
    const shown = rows(body, "signals");
    const byConfidence = [high, multi, low].sort((a, b) => b.forecast.confidence - a.forecast.confidence);
    expect(shown.map((r) => r[0]?.replace(/ Outcome called: .*$/, ""))).toEqual([
      ...byConfidence.map((c) => c.title),
      "Gone event?",
    ]);
    const highRow = shown[byConfidence.indexOf(high)];
    const highPrice = high.outcomes[0]?.price ?? Number.NaN;
    expect(highRow?.slice(1, 5)).toEqual([
      `BUY NO ${callSourceText(sourceOf(high))}`,
      `${high.forecast.confidence}%`,
      // BUY NO: No's price, at the call (1 − 25¢) and now (1 − the called market's Yes price).
      "No 75¢",
      `No ${formatPrice(1 - highPrice)}`,
    ]);
    const lowRow = shown[byConfidence.indexOf(low)];
    expect(lowRow?.slice(3, 5)).toEqual([
      "Yes 25¢",
      `Yes ${formatPrice(low.outcomes[0]?.price ?? Number.NaN)}`,
    ]);
    expect(shown[3]?.slice(2, 5)).toEqual(["—", "Yes 60¢", "—"]);
    expect(body).toContain(`href="/market/slug-${high.outcomes[0]?.marketId}"`);
    expect(body).toContain('href="/track-record"');
    expect(body).not.toContain(`slug-${other.outcomes[0]?.marketId}"`);
    // The sample performance and signals are gone; the alerts (still samples) render when chosen.
    expect(body).not.toContain("Win rate (sample)");
    expect(body).not.toContain("Sample data: trading signals are not live");
  });

  it("a BUY NO call's entry is No's price: 99¢ at a 1¢ first outcome, labelled No", async () => {
    await insertCalls([
      { id: "no", marketId: "999", question: "Long shot?", side: "buy_no", priceAtCall: 0.01, calledMs: NOW },
    ]);
    const { body } = await html("/trading-signals");
    // Not in the (cold) market list: no price now.
    expect(rows(body, "signals")).toEqual([
      ["Long shot?", "BUY NO Model fixture-model", "—", "No 99¢", "—", expect.any(String)],
    ]);
    expect(body).toContain("<span>entry No 99¢</span>");
  });

  it("says so when the track record cannot be read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, body } = await html("/trading-signals", testWorker({ DB: failingDb }));
    expect(status).toBe(200);
    expect(body).toContain("The track record is unavailable right now, so the open calls cannot be listed.");
  });
});
