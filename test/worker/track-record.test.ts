/**
 * The track record's data path inside workerd (real miniflare D1 with the migrations): calls recorded
 * by the market build and never changed, graded by the market cron from recorded closed markets, and
 * exported as JSON and CSV whose summary anyone can recompute from the CSV's rows.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import Papa from "papaparse";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { summarise } from "~/.server/track-record/metrics";
import { MARKETS_CRON } from "~/lib/refresh-cadence";
import { CALL_RULES_VERSION, type Call } from "~/lib/track-record";
import { clearCalls, gradeCall, insertCalls } from "./support/calls";
import { failing, keysetHandler, LLM, recordedMarkets, upstreams } from "./support/upstreams";
import { testWorker, workerTest } from "./support/worker";

const PAST = "2024-01-31T00:00:00Z";
const PAST_END = "2025-06-30T00:00:00Z";
const FUTURE = "2030-01-01T00:00:00Z";
/** Recorded closed markets (gamma-events-149.json): resolved Yes, resolved No, proposed only. */
const RESOLVED_YES = "253570";
const RESOLVED_NO = "253573";
const PROPOSED = "253618";

const t = workerTest({ tables: ["market_points", "sentiment_changes"] });

beforeEach(async () => {
  await clearCalls();
});

async function count(sql: string): Promise<number> {
  return (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? -1;
}

describe("recording under the call rules (rules v3: calls derived from the probabilities; decision 0047)", () => {
  /** Three outcomes of the recorded deportation event (negative risk), open until 2030 unless told. */
  const EVENT_ID = "16282";
  function feed(prices: Record<string, number>, fields: Record<string, unknown> = {}): unknown[] {
    return (recordedMarkets as Record<string, unknown>[])
      .filter((m) => String(m.id) in prices)
      .map((m) => {
        const price = prices[String(m.id)] ?? 0;
        const [event] = m.events as Record<string, unknown>[];
        return {
          ...m,
          endDate: FUTURE,
          outcomePrices: JSON.stringify([String(price), String(Number((1 - price).toFixed(10)))]),
          events: [{ ...event, endDate: FUTURE }],
          ...fields,
        };
      });
  }
  const PRICES = { "517310": 0.5, "517311": 0.3, "517313": 0.2 };
  /** A model that rates 250-500k at 15% (15 points under its 30¢) and states buy-no on it. */
  const AGREES = { "<250k": 0.55, "250-500k": 0.15, "500-750k": 0.3 };
  /** The model's answer for the event: its probabilities (as given, they sum to 1) and its stated call. */
  function model(
    callOutcome: string,
    callSide: "buy_yes" | "buy_no",
    probabilities: Record<string, number> = AGREES,
  ) {
    return http.post(`${LLM}/chat/completions`, () =>
      HttpResponse.json({
        choices: [
          {
            message: {
              content: JSON.stringify({
                forecasts: [
                  {
                    eventId: EVENT_ID,
                    probabilities: Object.entries(probabilities).map(([outcome, probability]) => ({
                      outcome,
                      probability,
                    })),
                    callOutcome,
                    callSide,
                    confidence: 70,
                    reasoning: "Fixture forecast.",
                  },
                ],
              }),
            },
          },
        ],
      }),
    );
  }
  const stored = () =>
    env.DB.prepare(
      `SELECT market_id, side, source, price_at_call, side_price, rule_version, event_id, event_slug, call_outcome,
         outcome_keys, outcome_labels, forecast, market_prices, model_probability FROM calls`,
    ).all();

  it("a call the rules allow is recorded once with its entry price, rule version, event and forecast", async () => {
    upstreams.use(keysetHandler(feed(PRICES)), model("250-500k", "buy_no"));
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    expect((await stored()).results).toEqual([
      {
        market_id: "517311",
        side: "buy_no",
        source: "grok-4-fast-non-reasoning",
        price_at_call: 0.3,
        // The entry price is the side bought: No at 1 − 0.3.
        side_price: 0.7,
        rule_version: 3,
        event_id: EVENT_ID,
        event_slug: "how-many-people-will-trump-deport-in-2025",
        call_outcome: "No · 250-500k",
        outcome_keys: '["517310","517311","517313"]',
        outcome_labels: '["<250k","250-500k","500-750k"]',
        forecast: "[0.55,0.15,0.3]",
        market_prices: "[0.5,0.3,0.2]",
        model_probability: 0.15,
      },
    ]);
    // The same call again (a later run): nothing is added.
    await t.worker.scheduled(MARKETS_CRON, Date.now() + 600_000);
    await t.worker.settle();
    expect(await count("SELECT COUNT(*) AS n FROM calls")).toBe(1);
  });

  /** The text of the event's card on the home page (ended events shown). */
  const cardText = async () => {
    const html = await (await t.worker.fetch("/?ended=show")).text();
    const card = new RegExp(`data-event-id="${EVENT_ID}"[\\s\\S]*?data-testid="outcome"`).exec(html)?.[0];
    return (card ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  };

  it("a near-certain side is not recorded (buy Yes at 3¢), and the card says why there is no call", async () => {
    // The only gap over the threshold is 9 points on 500-750k at 3¢.
    const cheap = { "517310": 0.6, "517311": 0.37, "517313": 0.03 };
    const probabilities = { "<250k": 0.55, "250-500k": 0.33, "500-750k": 0.12 };
    upstreams.use(keysetHandler(feed(cheap)), model("500-750k", "buy_yes", probabilities));
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    expect(await count("SELECT COUNT(*) AS n FROM calls")).toBe(0);
    expect(await cardText()).toContain(
      "Near-certain: the largest gap (9 points) is on a side priced under 5¢ or over 95¢",
    );
  });

  it("a stated call its own probabilities contradict is not what is recorded: the derived call is", async () => {
    // The model says BUY YES on 250-500k at 30¢ while rating it 15%.
    upstreams.use(keysetHandler(feed(PRICES)), model("250-500k", "buy_yes"));
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const rows = (await stored()).results as Record<string, unknown>[];
    expect(rows.map((r) => [r.market_id, r.side, r.side_price, r.call_outcome])).toEqual([
      ["517311", "buy_no", 0.7, "No · 250-500k"],
    ]);
    const card = await cardText();
    expect(card).toContain("BUY NO · 250-500k at 70¢");
    expect(card).toContain("edge +15 pts");
    expect(card).not.toContain("BUY YES");
    // Counted: the status says how many stated calls were set aside.
    const status = (await (await t.worker.fetch("/api/v1/status")).json()) as {
      snapshots: { sentiment: { disagreements: number; analyses: number } };
    };
    expect(status.snapshots.sentiment).toMatchObject({ disagreements: 1, analyses: 1 });
    const page = await (await t.worker.fetch("/status")).text();
    expect(page).toContain("1 of 1 model calls disagreed with the model&#x27;s own probabilities");
  });

  it("an event past its end date is not recorded (ended, awaiting resolution)", async () => {
    upstreams.use(model("250-500k", "buy_no"));
    // The recorded events end in 2025: as the feed sends them, nothing is callable.
    const ended = feed(PRICES).map((m) => {
      const market = m as Record<string, unknown>;
      const [event] = market.events as Record<string, unknown>[];
      return { ...market, endDate: PAST_END, events: [{ ...event, endDate: PAST_END }] };
    });
    upstreams.use(keysetHandler(ended));
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    expect(await count("SELECT COUNT(*) AS n FROM calls")).toBe(0);
    const card = await cardText();
    expect(card).toContain("Ended, awaiting resolution");
    expect(card).toContain("Ended Jun 30, 2025");
  });

  it("a call on a closed market is not recorded", async () => {
    // The only gap is on 250-500k, whose market is closed; the open two are priced as the model rates them.
    const closed = feed({ "517310": 0.6, "517311": 0.3, "517313": 0.4 }).map((m) => {
      const market = m as Record<string, unknown>;
      return market.id === "517311" ? { ...market, closed: true } : market;
    });
    const probabilities = { "<250k": 0.6, "250-500k": 0.05, "500-750k": 0.4 };
    upstreams.use(keysetHandler(closed), model("250-500k", "buy_no", probabilities));
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    expect(await count("SELECT COUNT(*) AS n FROM calls")).toBe(0);
  });

  it("an estimate is recorded as source 'estimate' without a probability or forecast", async () => {
    upstreams.use(keysetHandler(feed({ "517310": 0.5, "517311": 0.3 })));
    const noModel = testWorker({ LLM_API_KEY: "" });
    await noModel.scheduled(MARKETS_CRON);
    await noModel.settle();
    const rows = (await stored()).results as Record<string, unknown>[];
    for (const row of rows) {
      expect(row).toMatchObject({
        source: "estimate",
        model_probability: null,
        forecast: null,
        rule_version: 3,
      });
    }
  });

  it("a changed side is a new call; the same side again is not", async () => {
    const store = (await import("~/.server/history/store")).CallStore;
    const callStore = new store(env.DB);
    const base = {
      marketId: "1",
      slug: "m",
      question: "M?",
      category: "other",
      outcomes: ["Yes", "No"],
      source: "estimate",
      modelProbability: null,
      priceAtCall: 0.4,
      endDate: null,
      ruleVersion: 2,
      sidePrice: 0.4,
      event: { id: "e1", slug: "e", title: "E?" },
      callOutcome: "Yes",
      forecast: null,
    };
    const t = Date.parse("2026-11-23T10:00:00Z");
    expect(await callStore.recordCalls([{ ...base, side: "buy_yes" }], t)).toBe(1);
    expect(await callStore.recordCalls([{ ...base, side: "buy_yes" }], t + 600_000)).toBe(0);
    expect(await callStore.recordCalls([{ ...base, side: "buy_no" }], t + 1_200_000)).toBe(1);
    // Another market of the same event is a new call too.
    expect(await callStore.recordCalls([{ ...base, marketId: "2", side: "buy_no" }], t + 1_800_000)).toBe(1);
    // Another source keeps its own line of calls.
    expect(await callStore.recordCalls([{ ...base, side: "buy_no", source: "model-x" }], t + 1_800_000)).toBe(
      1,
    );
  });

  it("calls are immutable: the database refuses to change or delete one", async () => {
    await insertCalls([{ id: "c1", marketId: "1", side: "buy_yes", priceAtCall: 0.4, calledMs: 1 }]);
    await expect(env.DB.prepare("UPDATE calls SET side = 'buy_no' WHERE id = 'c1'").run()).rejects.toThrow(
      /calls are immutable/,
    );
    await expect(env.DB.prepare("DELETE FROM calls WHERE id = 'c1'").run()).rejects.toThrow(
      /calls are immutable/,
    );
    expect(await count("SELECT COUNT(*) AS n FROM calls")).toBe(1);
  });
});

describe("settlement in the market cron", () => {
  const due = [
    {
      id: "yes-1",
      marketId: RESOLVED_YES,
      side: "buy_yes" as const,
      priceAtCall: 0.3,
      calledMs: 1,
      endDate: PAST,
    },
    {
      id: "no-1",
      marketId: RESOLVED_NO,
      side: "buy_yes" as const,
      priceAtCall: 0.2,
      calledMs: 2,
      endDate: PAST,
    },
    {
      id: "prop-1",
      marketId: PROPOSED,
      side: "buy_no" as const,
      priceAtCall: 0.6,
      calledMs: 3,
      endDate: PAST,
    },
    {
      id: "gone-1",
      marketId: "999999999",
      side: "hold" as const,
      priceAtCall: 0.5,
      calledMs: 4,
      endDate: PAST,
    },
  ];

  it("grades resolved markets, leaves proposed and unknown ones pending with why, and adds nothing the second time", async () => {
    await insertCalls(due);
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const grades = await env.DB.prepare("SELECT call_id, outcome FROM call_grades ORDER BY call_id").all();
    expect(grades.results).toEqual([
      { call_id: "no-1", outcome: "no" },
      { call_id: "yes-1", outcome: "yes" },
    ]);
    const pending = await env.DB.prepare(
      "SELECT market_id, state FROM settlement_checks WHERE market_id IN (?1, ?2) ORDER BY market_id",
    )
      .bind(PROPOSED, "999999999")
      .all();
    expect(pending.results).toEqual([
      { market_id: PROPOSED, state: "proposed" },
      { market_id: "999999999", state: "not closed or unknown" },
    ]);
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    expect(await count("SELECT COUNT(*) AS n FROM call_grades")).toBe(2);
  });

  it("a failure between recording and grading loses nothing: the next run finishes the job", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await insertCalls(due.slice(0, 1));
    upstreams.use(failing("gamma", "http-500"));
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    expect(await count("SELECT COUNT(*) AS n FROM call_grades")).toBe(0);
    upstreams.resetHandlers();
    await testWorker().scheduled(MARKETS_CRON);
    await t.worker.settle();
    expect(
      await count("SELECT COUNT(*) AS n FROM call_grades WHERE call_id = 'yes-1' AND outcome = 'yes'"),
    ).toBe(1);
  });
});

describe("export", () => {
  const now = Date.parse("2026-11-01T00:00:00Z");
  async function seed(): Promise<void> {
    await insertCalls([
      { id: "a", marketId: "1", side: "buy_yes", priceAtCall: 0.4, calledMs: now, modelProbability: 0.6 },
      { id: "b", marketId: "2", side: "buy_no", priceAtCall: 0.7, calledMs: now + 1, modelProbability: 0.5 },
      { id: "c", marketId: "3", side: "buy_yes", priceAtCall: 0.25, calledMs: now + 2 },
      { id: "d", marketId: "4", side: "hold", priceAtCall: 0.5, calledMs: now + 3 },
      {
        id: "e",
        marketId: "5",
        side: "buy_no",
        priceAtCall: 0.5,
        calledMs: now + 4,
        question: '=HYPERLINK("x"), "quoted"',
      },
    ]);
    await gradeCall("a", "yes", now + 10);
    await gradeCall("b", "no", now + 10);
    await gradeCall("c", "no", now + 10);
    await gradeCall("d", "void", now + 10);
  }

  it("GET /api/track-record answers the summary and the calls with their grading and return", async () => {
    await seed();
    const response = await t.worker.fetch("/api/track-record");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      summary: Record<string, number | null>;
      calls: { id: string; outcome: string | null; return: number | null; calledAt: string }[];
      nextCursor: string | null;
    };
    // a: buy_yes at 0.4, Yes won → +1.5; b: buy_no at 0.7, No won → +0.7/0.3; c: buy_yes at 0.25, lost → −1.
    expect(body.summary).toMatchObject({ calls: 5, graded: 3, pending: 1, void: 1, holds: 1 });
    expect(body.summary.hitRate).toBeCloseTo(2 / 3, 10);
    expect(body.summary.meanReturn).toBeCloseTo((1.5 + 0.7 / 0.3 - 1) / 3, 10);
    expect(body.calls.map((c) => [c.id, c.outcome])).toEqual([
      ["a", "yes"],
      ["b", "no"],
      ["c", "no"],
      ["d", "void"],
      ["e", null],
    ]);
    expect(body.calls[0]?.return).toBeCloseTo(1.5, 10);
    expect(body.calls[4]?.return).toBeNull();
    expect(body.calls[0]?.calledAt).toBe("2026-11-01T00:00:00.000Z");
    expect(body.nextCursor).toBeNull();
  });

  it("a cursor that names no call is a 400 with what to do", async () => {
    const response = await t.worker.fetch("/api/track-record?cursor=bm9wZQ");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid cursor: use the nextCursor of a previous page" });
  });

  it("the CSV holds every call, and the JSON summary is recomputed exactly from its rows", async () => {
    await seed();
    const csv = await t.worker.fetch("/track-record.csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const parsed = Papa.parse<Record<string, string>>(await csv.text(), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(5);
    // Numbers stay numbers (a lost buy returns -1), a formula-looking question stays text in a spreadsheet.
    expect(parsed.data[2]?.return).toBe("-1");
    // A formula-looking question stays text in a spreadsheet.
    expect(parsed.data[4]?.question).toBe(`'=HYPERLINK("x"), "quoted"`);
    const fromCsv: Call[] = parsed.data.map((row) => ({
      id: row.id ?? "",
      marketId: row.marketId ?? "",
      slug: row.slug || null,
      question: row.question ?? "",
      category: row.category ?? "",
      outcomes: [],
      side: row.side as Call["side"],
      source: row.source ?? "",
      calledAt: Date.parse(row.calledAt ?? ""),
      priceAtCall: Number(row.priceAtCall),
      modelProbability: row.modelProbability ? Number(row.modelProbability) : null,
      endDate: row.endDate || null,
      outcome: (row.outcome || null) as Call["outcome"],
      settledAt: row.settledAt ? Date.parse(row.settledAt) : null,
      ruleVersion: Number(row.ruleVersion),
      sidePrice: row.sidePrice ? Number(row.sidePrice) : null,
      eventId: row.eventId || null,
      eventSlug: row.eventSlug || null,
      eventTitle: row.eventTitle || null,
      callOutcome: row.callOutcome || null,
      forecast: null,
    }));
    // The summary is of current-rule rows: the CSV says which those are.
    const recomputed = summarise(fromCsv.filter((c) => c.ruleVersion === CALL_RULES_VERSION));
    const { summary } = (await (await t.worker.fetch("/api/track-record")).json()) as {
      summary: Record<string, number | null>;
    };
    for (const [key, value] of Object.entries(summary)) {
      expect(recomputed[key as keyof typeof recomputed], key).toEqual(value);
    }
  });

  it("a BUY NO row keeps priceAtCall the first outcome's and adds what it bought: No at 0.99", async () => {
    await insertCalls([
      { id: "no", marketId: "1", side: "buy_no", priceAtCall: 0.01, calledMs: now },
      {
        id: "teams",
        marketId: "2",
        side: "buy_no",
        priceAtCall: 0.4,
        calledMs: now + 1,
        outcomes: ["Lakers", "Celtics"],
      },
    ]);
    const csv = Papa.parse<Record<string, string>>(await (await t.worker.fetch("/track-record.csv")).text(), {
      header: true,
      skipEmptyLines: true,
    });
    expect(csv.data.map((r) => [r.id, r.side, r.priceAtCall, r.sideOutcome, r.sidePriceAtCall])).toEqual([
      ["no", "buy_no", "0.01", "No", "0.99"],
      ["teams", "buy_no", "0.4", "Celtics", "0.6"],
    ]);
    const json = (await (await t.worker.fetch("/api/track-record")).json()) as {
      calls: { priceAtCall: number; sideOutcome: string; sidePriceAtCall: number }[];
    };
    expect(json.calls[0]).toMatchObject({ priceAtCall: 0.01, sideOutcome: "No", sidePriceAtCall: 0.99 });
  });

  it("a question that came with a NUL, U+0085 and a lone surrogate is recorded clean: the CSV holds none", async () => {
    const [market] = recordedMarkets as Record<string, unknown>[];
    const question = String(market?.question);
    upstreams.use(
      keysetHandler([
        {
          ...market,
          question: `\u0000${question}\u0085\uD800`,
          outcomes: '["Yes\u0000", "No\u009F"]',
          // Open, with a 24h move the estimate calls (the recorded event has ended).
          endDate: FUTURE,
          oneDayPriceChange: 0.05,
          events: [{ ...(market?.events as Record<string, unknown>[] | undefined)?.[0], endDate: FUTURE }],
        },
      ]),
    );
    const noModel = testWorker({ LLM_API_KEY: "" });
    await noModel.scheduled(MARKETS_CRON);
    await noModel.settle();
    const stored = await env.DB.prepare("SELECT question, outcomes FROM calls").all<{
      question: string;
      outcomes: string;
    }>();
    expect(stored.results).toEqual([{ question, outcomes: '["Yes","No"]' }]);
    const csv = await (await t.worker.fetch("/track-record.csv")).text();
    expect(csv).toContain(question);
    expect(csv).not.toContain("\u0000");
    expect(csv).not.toContain("\u0085");
    expect(csv).not.toContain("\u009F");
    expect(csv.isWellFormed()).toBe(true);
  });

  it("without a working database both exports say so with a 503, never a stack trace", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = testWorker({
      DB: {
        prepare: () => {
          throw new Error("D1_ERROR: database unavailable");
        },
        batch: async () => {
          throw new Error("D1_ERROR: database unavailable");
        },
      } as unknown as D1Database,
    });
    const json = await broken.fetch("/api/track-record");
    expect(json.status).toBe(503);
    expect(await json.json()).toEqual({
      error: "The track record is unavailable right now. Please try again shortly.",
    });
    const csv = await broken.fetch("/track-record.csv");
    expect(csv.status).toBe(503);
    expect(await csv.text()).not.toContain("    at ");
  });
});

describe("rule versions, event scoring and the headline", () => {
  const now = Date.parse("2026-11-01T00:00:00Z");
  /** The recorded Mexican election (negative risk): 253653 resolved Yes, 253654 and 253865 No. */
  const MEXICO = {
    keys: ["253653", "253654", "253865"],
    labels: ["Sheinbaum", "Gálvez", "Máynez"],
    probabilities: [0.5, 0.3, 0.2],
    marketPrices: [0.4, 0.4, 0.3],
  };
  const event = { id: "mx", slug: "mexican-presidential-election-who-will-win", title: "Mexico?" };

  it("a row recorded before migration 0004 reads as rules v1 with no side price, and is listed but not in the headline", async () => {
    // As migration 0002 wrote rows: none of 0004's columns given.
    await env.DB.prepare(
      `INSERT INTO calls (id, market_id, slug, question, category, outcomes, side, source, model_probability,
         price_at_call, called_ms, end_date) VALUES ('old', '1', NULL, 'Old?', 'other', '["Yes","No"]', 'buy_yes',
         'grok', 0.9, 0.2, ?1, NULL)`,
    )
      .bind(now)
      .run();
    await gradeCall("old", "yes", now + 10);
    await insertCalls([{ id: "new", marketId: "2", side: "buy_yes", priceAtCall: 0.6, calledMs: now + 1 }]);
    await gradeCall("new", "no", now + 10);
    const body = (await (await t.worker.fetch("/api/track-record")).json()) as {
      headline: Record<string, number | null>;
      summary: Record<string, number | null>;
      calls: Record<string, unknown>[];
    };
    expect(body.calls.map((c) => [c.id, c.ruleVersion, c.sidePrice])).toEqual([
      ["old", 1, null],
      ["new", 3, 0.6],
    ]);
    // The v1 row won; the only current row lost: the headline and summary know only the loss.
    expect(body.headline).toMatchObject({
      ruleVersion: 3,
      calls: 1,
      resolved: 1,
      hitRate: 0,
      earlierRules: 1,
    });
    expect(body.headline.impliedHitRate).toBeCloseTo(0.6, 12);
    expect(body.summary).toMatchObject({ calls: 1, graded: 1, hitRate: 0 });
    // Still immutable after the migration.
    await expect(env.DB.prepare("UPDATE calls SET rule_version = 2 WHERE id = 'old'").run()).rejects.toThrow(
      /calls are immutable/,
    );
    // Listed on the page, tagged, with the link to every row.
    const html = await (await t.worker.fetch("/track-record")).text();
    expect(html).toContain("Recorded under rules v1: not in the figures");
    expect(html).toContain("1 row recorded under earlier rules is listed below");
    expect(html).toContain('href="/track-record.csv"');
  });

  it("the cron grades the called market, looks up the other outcomes, and scores the 3-outcome forecast by hand", async () => {
    await insertCalls([
      {
        id: "mx-call",
        marketId: "253654",
        side: "buy_no",
        priceAtCall: 0.4,
        calledMs: now,
        endDate: PAST,
        event,
        callOutcome: "No · Gálvez",
        forecast: MEXICO,
      },
    ]);
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const resolutions = await env.DB.prepare(
      "SELECT market_id, outcome FROM market_resolutions ORDER BY market_id",
    ).all();
    expect(resolutions.results).toEqual([
      { market_id: "253653", outcome: "yes" },
      { market_id: "253654", outcome: "no" },
      { market_id: "253865", outcome: "no" },
    ]);
    const body = (await (await t.worker.fetch("/api/track-record")).json()) as {
      headline: Record<string, number | null>;
      calls: Record<string, unknown>[];
    };
    const call = body.calls.find((c) => c.id === "mx-call");
    expect(call).toMatchObject({
      outcome: "no",
      scoreState: "scored",
      winner: 0,
      sidePrice: 0.6,
      ruleVersion: 3,
    });
    // Model: (0.5 − 1)² + 0.3² + 0.2² = 0.38, −ln 0.5. Market 4/11, 4/11, 3/11: (7² + 4² + 3²)/121, −ln(4/11).
    expect(call?.brier).toBeCloseTo(0.38, 12);
    expect(call?.logScore).toBeCloseTo(Math.log(2), 12);
    expect(call?.marketBrier).toBeCloseTo(74 / 121, 12);
    expect(call?.marketLogScore).toBeCloseTo(Math.log(11 / 4), 12);
    // The cron's own build also recorded calls on the replayed feed's open events: those wait, ours is scored.
    expect(body.headline).toMatchObject({ scored: 1, waiting: body.calls.length - 1, neededToDetect: null });
    expect(body.headline.brierSkill).toBeCloseTo(1 - 0.38 / (74 / 121), 12);
  });

  it("a forecast waits while an outcome market is unresolved", async () => {
    // 253618 is only proposed (the Super Bowl event): the forecast cannot be scored yet.
    await insertCalls([
      {
        id: "wait",
        marketId: RESOLVED_YES,
        side: "buy_yes",
        priceAtCall: 0.4,
        calledMs: now,
        endDate: PAST,
        event,
        callOutcome: "Yes · A",
        forecast: { ...MEXICO, keys: [RESOLVED_YES, PROPOSED, "253865"] },
      },
    ]);
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const body = (await (await t.worker.fetch("/api/track-record")).json()) as {
      headline: Record<string, number | null>;
      calls: Record<string, unknown>[];
    };
    expect(body.calls.find((c) => c.id === "wait")).toMatchObject({
      outcome: "yes",
      scoreState: "waiting",
      brier: null,
    });
    // Ours waits, as do the calls the cron's build recorded on the replayed feed's open events.
    expect(body.headline).toMatchObject({ scored: 0, waiting: body.calls.length });
  });

  it("the CSV and the feed carry the rule version and the side price", async () => {
    await insertCalls([
      {
        id: "v3",
        marketId: "2",
        side: "buy_no",
        priceAtCall: 0.3,
        calledMs: now,
        event,
        callOutcome: "No · B",
        forecast: MEXICO,
      },
      { id: "v1", marketId: "1", side: "buy_yes", priceAtCall: 0.2, calledMs: now + 1, ruleVersion: 1 },
    ]);
    const csv = Papa.parse<Record<string, string>>(await (await t.worker.fetch("/track-record.csv")).text(), {
      header: true,
      skipEmptyLines: true,
    });
    expect(
      csv.data.map((r) => [r.id, r.ruleVersion, r.sidePrice, r.eventSlug, r.callOutcome, r.forecast]),
    ).toEqual([
      ["v3", "3", "0.7", event.slug, "No · B", "[0.5,0.3,0.2]"],
      ["v1", "1", "", "", "", ""],
    ]);
    const feed = await (await t.worker.fetch("/track-record/feed.json")).text();
    expect(feed).toContain("Entry price 70¢, call rules v3.");
    expect(feed).toContain("Entry price 20¢, call rules v1.");
    expect(feed).toContain("buy No · B on");
  });
});
