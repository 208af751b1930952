/**
 * The trader page's "Record" and `GET /api/v1/traders/{wallet}` inside workerd: real miniflare D1 (the
 * search index's tags categorise), the Data API served by msw from the recorded v2 positions
 * (test/support/upstream-answers.ts `v2PositionsAnswer`). Each state the section can show (figures, no
 * resolved positions, v1's figures, unavailable, limited), the API's fields against the OpenAPI document,
 * and what an unknown wallet costs.
 */
import { env } from "cloudflare:test";
import { http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { RECORD_UNAVAILABLE } from "~/lib/trader-record";
import { POSITIONS_WALLET } from "../support/upstream-answers";
import { openApi, validatorFor } from "./support/openapi";
import { calls, DATA, failing, upstreams } from "./support/upstreams";
import {
  BROWSER,
  failingDb,
  type TestWorker,
  testWorker,
  withinOneWindow,
  workerTest,
} from "./support/worker";

const t = workerTest({ tables: ["whale_trades", "search_events"], kvPrefixes: ["trader:"] });

/** Rank 44 on the recorded monthly board: a known wallet without recorded positions. */
const RANKED_WALLET = "0x6d20c35f65d9899b6d6b74f8466e824580f9a165";
const UNKNOWN_WALLET = `0x${"cd".repeat(20)}`;

const upstreamCalls = () => calls.gamma + calls.data + calls.clob + calls.x + calls.llm;

/** The `/v2/positions` URLs asked from now on (the recorded answers still answer: this one falls through). */
function v2PositionRequests(): string[] {
  const asked: string[] = [];
  upstreams.use(
    http.get(`${DATA}/v2/positions`, ({ request }) => {
      asked.push(request.url);
    }),
  );
  return asked;
}

async function page(path: string, on: TestWorker = t.worker, ip = "192.0.2.60"): Promise<string> {
  const response = await on.fetch(path, { headers: { ...BROWSER, "cf-connecting-ip": ip } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The Record section's HTML alone: in place when its positions were kept, else its streamed chunk. */
function recordOf(html: string): string {
  const start = html.indexOf('data-testid="section-record"');
  expect(start, "the Record section").toBeGreaterThan(-1);
  const section = html.slice(start, html.indexOf("</section>", start));
  const boundary = /<template id="B:(\d+)">/.exec(section);
  if (!boundary) return section;
  const chunk = html.indexOf(`<div hidden id="S:${boundary[1]}">`);
  expect(chunk, "the Record section's streamed chunk").toBeGreaterThan(-1);
  return html.slice(chunk, html.indexOf("</div><script", chunk));
}

/** Events of the recorded positions as the search index keeps them (a closed event stays 7 days). */
async function indexSoccerEvents(): Promise<void> {
  const tags = JSON.stringify([
    { slug: "sports", label: "Sports" },
    { slug: "soccer", label: "Soccer" },
  ]);
  const rows = [
    [1, "fifwc-nor-eng-2026-07-11", "Norway vs. England"],
    [2, "fifwc-arg-che-2026-07-11-player-props", "Argentina vs. Switzerland: player props"],
    [3, "mls-sje-hou-2026-09-12", "San Jose Earthquakes vs. Houston Dynamo"],
  ] as const;
  await env.DB.batch(
    rows.map(([id, slug, title]) =>
      env.DB.prepare(
        `INSERT INTO search_events (id, slug, title, image, tags, end_date, volume, volume24h, liquidity,
           neg_risk, markets, text_hash, price_hash, updated_ms, closed)
         VALUES (?1, ?2, ?3, NULL, ?4, NULL, 0, 0, 0, 0, '[]', '', '', ?5, 1)`,
      ).bind(id, slug, title, tags, Date.now()),
    ),
  );
}

describe("the Record section", () => {
  it("shows the win rate with its counts, the PnL and PnL by category, each with its source", async () => {
    await indexSoccerEvents();
    const record = recordOf(await page(`/trader/${POSITIONS_WALLET}`));
    // Won: two held to resolution and paid, one closed at a profit; lost: two that paid nothing, one
    // closed at a loss.
    expect(record).toMatch(/data-testid="record-win-rate"[^>]*>50% \(3 won, 3 lost\)</);
    expect(record).toMatch(/data-testid="record-pnl"[^>]*>-\$1\.4M</);
    // The index's tags make the soccer events sports (the Earthquakes' title alone reads as climate);
    // the World Series by its title; the temperature markets by theirs.
    expect(record).toMatch(/data-testid="record-sports".*?Sports<\/th>.*?>4<.*?>2 \/ 2<.*?-\$1\.4M</s);
    expect(record).toMatch(/data-testid="record-climate".*?Climate<\/th>.*?>2<.*?>1 \/ 1</s);
    expect(record).not.toContain('data-testid="record-other"');
    expect(record).toContain("Source: Polymarket Data API (positions), as of ");
    // The recorded REDEEMABLE list has more than the one page read.
    expect(record).toContain("The 6 positions most recently resolved or closed (the wallet has more).");
    expect(record).toContain("Won: held to resolution and paid out, or closed at a profit.");
  });

  it("without the index's tags, titles categorise and the rest is Other", async () => {
    const record = recordOf(await page(`/trader/${POSITIONS_WALLET}`));
    expect(record).toMatch(/data-testid="record-sports".*?>1<.*?>1 \/ 0</s);
    expect(record).toMatch(/data-testid="record-climate".*?>3<.*?>2 \/ 1</s);
    expect(record).toMatch(/data-testid="record-other".*?Other<\/th>.*?>2<.*?>0 \/ 2</s);
  });

  it("the database failing: titles categorise, the figures stand", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Indexed as sports, but the index cannot be read: the titles decide.
    await indexSoccerEvents();
    const broken = testWorker({ DB: failingDb });
    const record = recordOf(await page(`/trader/${POSITIONS_WALLET}`, broken));
    await broken.settle();
    expect(record).toMatch(/data-testid="record-win-rate"[^>]*>50% \(3 won, 3 lost\)</);
    expect(record).toMatch(/data-testid="record-other".*?>2<.*?>0 \/ 2</s);
  });

  it("a wallet without resolved or closed positions says so", async () => {
    const record = recordOf(await page(`/trader/${RANKED_WALLET}`));
    expect(record).toContain("No resolved or closed positions found for this wallet.");
    expect(record).not.toContain('data-testid="trader-record"');
  });

  it("v2 failing: v1's resolved positions answer, and the section says what they cover", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    upstreams.use(failing("data", "http-500", "/v2/positions"));
    const record = recordOf(await page(`/trader/${POSITIONS_WALLET}`));
    expect(record).toMatch(/data-testid="record-win-rate"[^>]*>0% \(0 won, 2 lost\)</);
    expect(record).toContain("2 positions: resolved positions still held, of 1,000 shares or more");
  });

  it("v2 and v1 failing: the section says so, the rest of the page renders, the failure is not kept", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    upstreams.use(failing("data", "http-500", "/v2/positions"), failing("data", "http-500", "/positions"));
    const html = await page(`/trader/${POSITIONS_WALLET}`);
    expect(recordOf(html)).toContain(RECORD_UNAVAILABLE);
    expect(html).toMatch(/<h1[^>]*>DEEDDIT<\/h1>/);
    expect(html).toMatch(/data-testid="rank-month".*?#1</s);
    upstreams.resetHandlers();
    expect(recordOf(await page(`/trader/${POSITIONS_WALLET}`, testWorker()))).toContain(
      'data-testid="trader-record"',
    );
  });

  it("over the client's lookup limit: the section says so, the page (its boards kept) still renders", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await withinOneWindow();
    // Someone else's visit keeps the boards and trades; the positions fail, so they are not kept.
    upstreams.use(failing("data", "http-500", "/v2/positions"), failing("data", "http-500", "/positions"));
    await page(`/trader/${POSITIONS_WALLET}`, t.worker, "192.0.2.61");
    await t.worker.settle();
    upstreams.resetHandlers();
    // This client has used its lookups; another isolate, the same data centre's kept answers.
    const fresh = testWorker();
    for (let i = 0; i < 30; i++) {
      await fresh.fetch(`/market/record-limit-${i}`, {
        headers: { ...BROWSER, "cf-connecting-ip": "192.0.2.62" },
      });
    }
    const html = await page(`/trader/${POSITIONS_WALLET}`, fresh, "192.0.2.62");
    await fresh.settle();
    expect(html).toMatch(/<h1[^>]*>DEEDDIT<\/h1>/);
    expect(recordOf(html)).toContain("Too many lookups from your network");
  }, 30_000);
});

describe("what it costs", () => {
  it("a known wallet: three /v2/positions requests (one per list), then kept for 5 minutes", async () => {
    const asked = v2PositionRequests();
    await page(`/trader/${POSITIONS_WALLET}`);
    await t.worker.settle();
    expect(asked.map((url) => new URL(url).searchParams.get("status")).sort()).toEqual([
      "CLOSED",
      "REDEEMABLE",
      "REDEEMABLE_LOST",
    ]);
    await page(`/trader/${POSITIONS_WALLET}`, testWorker());
    await page(`/api/v1/traders/${POSITIONS_WALLET}`, testWorker());
    expect(asked).toHaveLength(3);
    expect((await env.CACHE.list({ prefix: "trader:" })).keys).toEqual([]);
  });

  it("an unknown wallet costs one upstream call per window, page and API alike, and never its positions", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const asked = v2PositionRequests();
    const first = await t.worker.fetch(`/trader/${UNKNOWN_WALLET}`, { headers: BROWSER });
    expect(first.status).toBe(404);
    await t.worker.settle();
    expect(upstreamCalls()).toBe(1);
    for (const on of [t.worker, testWorker()]) {
      expect((await on.fetch(`/trader/${UNKNOWN_WALLET}`, { headers: BROWSER })).status).toBe(404);
      expect((await on.fetch(`/api/v1/traders/${UNKNOWN_WALLET}`)).status).toBe(404);
      await on.settle();
    }
    expect(upstreamCalls()).toBe(1);
    expect(asked).toEqual([]);
  });
});

describe("GET /api/v1/traders/{wallet}", () => {
  it("answers the page's figures, valid against the OpenAPI document", async () => {
    await indexSoccerEvents();
    const response = await t.worker.fetch(`/api/v1/traders/0x${POSITIONS_WALLET.slice(2).toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=300/);
    const body = (await response.json()) as {
      wallet: string;
      provenance: unknown;
      record: {
        ok: true;
        value: {
          positions: number;
          won: number;
          lost: number;
          winRate: number;
          pnl: number;
          byCategory: { category: string; positions: number; won: number; lost: number; pnl: number }[];
          source: { api: string; asOf: string; complete: boolean };
        };
      };
    };
    expect(body.wallet).toBe(POSITIONS_WALLET);
    expect(body.record.ok).toBe(true);
    expect(body.record.value).toMatchObject({ positions: 6, won: 3, lost: 3, winRate: 0.5 });
    expect(body.record.value.pnl).toBeCloseTo(-1_372_083.79, 1);
    expect(body.record.value.byCategory.map((c) => [c.category, c.positions, c.won, c.lost])).toEqual([
      ["sports", 4, 2, 2],
      ["climate", 2, 1, 1],
    ]);
    expect(body.record.value.source).toMatchObject({ api: "v2", complete: false, stale: false });
    expect(body.provenance).toEqual({
      kind: "live",
      by: "Polymarket Data API",
      at: body.record.value.source.asOf,
    });
    expect(Number.isFinite(Date.parse(body.record.value.source.asOf))).toBe(true);

    const doc = await openApi(t.worker);
    expect(validatorFor(doc, "/traders/{wallet}", 200).validate(body).errors).toEqual([]);
    // The JSON of the page (/api/traders) carries the same record.
    const legacy = (await (await t.worker.fetch(`/api/traders/${POSITIONS_WALLET}`)).json()) as {
      record: typeof body.record;
    };
    expect(legacy.record).toEqual(body.record);
  });

  it("a wallet without positions, the upstreams failing, a bad wallet: each answers in the document's shapes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const doc = await openApi(t.worker);
    const empty = await t.worker.fetch(`/api/v1/traders/${RANKED_WALLET}`);
    const emptyBody = await empty.json();
    expect(emptyBody).toMatchObject({ record: { ok: true, value: { positions: 0, winRate: null } } });
    expect(validatorFor(doc, "/traders/{wallet}", 200).validate(emptyBody).errors).toEqual([]);

    upstreams.use(failing("data", "http-500", "/v2/positions"), failing("data", "http-500", "/positions"));
    const down = await testWorker().fetch(`/api/v1/traders/${POSITIONS_WALLET}`);
    expect(down.status).toBe(200);
    const downBody = await down.json();
    expect(downBody).toEqual({
      wallet: POSITIONS_WALLET,
      provenance: null,
      record: { ok: false, reason: "unavailable", message: RECORD_UNAVAILABLE },
    });
    expect(validatorFor(doc, "/traders/{wallet}", 200).validate(downBody).errors).toEqual([]);

    const asked = upstreamCalls();
    const bad = await t.worker.fetch("/api/v1/traders/0x123");
    expect(bad.status).toBe(400);
    const badBody = await bad.json();
    expect(badBody).toMatchObject({ error: { code: "invalid_parameter", parameter: "wallet" } });
    expect(validatorFor(doc, "/traders/{wallet}", 400).validate(badBody).errors).toEqual([]);
    expect(upstreamCalls()).toBe(asked);
  });
});
