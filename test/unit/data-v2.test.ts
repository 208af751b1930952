/**
 * The Data API v2 client against every recorded v2 shape (test/fixtures/polymarket-data-v2): the envelope
 * (null data, no pagination, stripped), each row type, cursor paging without `offset`, conditions batched 20
 * a call, and the v1 route answering when the v2 one fails.
 */
import { describe, expect, it } from "vitest";
import {
  conditionBatches,
  createDataV2,
  parseActivityRow,
  parseLeaderRow,
  parsePositionRow,
  parseResolutionRow,
  parseTokenHoldersRow,
  parseTradeRow,
  parseV2Page,
  V2_CONDITIONS_PER_CALL,
  v2Query,
} from "~/.server/polymarket/data-v2";
import { readFixture } from "../support/fixtures";
import { holdersFor } from "../support/market-answers";

const v2 = (name: string) => readFixture(`polymarket-data-v2/${name}`);
/** A fixture whose source kept only the `data` part, wrapped again as one unpaged answer. */
const wrapped = (name: string) => ({ data: v2(name) });

const CONDITION = `0x${"ab".repeat(32)}`;
/** The recorded market 824952's condition (the v1 holders answer is built for it: no v1 capture exists). */
const RECORDED_CONDITION = "0x8213d395e079614d6c4d7f4cbb9be9337ab51648a21cc2a334ae8f1966d164b4";

/** A fetch that answers each path from `routes` (by the path's start), recording every URL asked. */
function serve(routes: Record<string, (url: URL) => { status?: number; body: unknown }>) {
  const urls: URL[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input));
    urls.push(url);
    const route = Object.keys(routes).find((path) => url.pathname === path);
    const answer = route ? routes[route]?.(url) : { status: 404, body: { error: "not found" } };
    return new Response(JSON.stringify(answer?.body), {
      status: answer?.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  };
  const opts = { baseUrl: "http://data.test", fetch, timeoutMs: 1_000, retries: 0, retryBaseMs: 1 };
  return { urls, client: createDataV2(opts) };
}

describe("the v2 envelope", () => {
  it("reads rows and the next cursor only while has_more", () => {
    const page = parseV2Page(v2("polyoxide__v2_trades.json"), parseTradeRow);
    expect(page.rows).toHaveLength(2);
    expect(page.nextCursor).toMatch(/^eyJ/);
  });

  it("reads `data: null` as an empty last page", () => {
    expect(parseV2Page(v2("adriancova__data-v2-trades-v2-empty.json"), parseTradeRow)).toEqual({
      rows: [],
      nextCursor: null,
    });
  });

  it("reads an unpaged answer (resolutions) as one page", () => {
    const page = parseV2Page(
      v2("polyoxide__v2_resolutions_pending_disputed_proposed.json"),
      parseResolutionRow,
    );
    expect(page.rows.map((r) => r.state)).toEqual(["disputed", "proposed"]);
    expect(page.nextCursor).toBeNull();
  });

  it("refuses what is not an envelope, and skips an odd row without losing the others", () => {
    expect(() => parseV2Page([1, 2], parseTradeRow)).toThrow("Invalid v2 response");
    expect(() => parseV2Page({ data: { a: 1 } }, parseTradeRow)).toThrow("Invalid v2 response");
    const good = (v2("polyoxide__v2_trades.json") as { data: unknown[] }).data;
    const page = parseV2Page({ data: [{ side: "BUY" }, ...good, "junk"] }, parseTradeRow);
    expect(page.rows).toHaveLength(2);
  });
});

describe("v2 rows", () => {
  it("trades: camelCase, lowercase wallet, price 0–1, USD, epoch ms", () => {
    const [trade] = parseV2Page(v2("polyoxide__v2_trades.json"), parseTradeRow).rows;
    expect(trade).toMatchObject({
      wallet: "0x379a410a36c101e3b8dfb6c90d1176eb0def4b1a",
      side: "BUY",
      conditionId: "0x571aafcdc9d3549ac260d5f956adc4ae57d9ace63575abd99db58ba0130e9fcf",
      size: 22.84,
      price: 0.52,
      at: 1_789_381_477_000,
      outcome: "Yes",
      name: "jaboobelite",
    });
    expect(trade?.usd).toBeCloseTo(11.8768, 4);
    const redacted = parseV2Page(v2("adriancova__data-v2-trades-v1-page1.REDACTED.json"), parseTradeRow).rows;
    expect(redacted.map((t) => t.eventSlug)).toEqual([
      "btc-updown-15m-1791241200",
      "btc-updown-15m-1791241200",
    ]);
  });

  it("holders with and without PnL, the largest first", () => {
    const withPnl = parseV2Page(v2("polyoxide__v2_holders_include_pnl.json"), parseTokenHoldersRow).rows;
    expect(withPnl).toHaveLength(2);
    expect(withPnl[0]?.holders[0]).toMatchObject({
      wallet: "0x4c48e79c441db833e630257a7f09c652af591c17",
      name: "myfirstd",
      amount: 784.38,
      outcomeIndex: 0,
      avgPrice: 0.9142,
      currentValue: 737.3172,
      totalPnl: 22.3759,
    });
    const plain = parseV2Page(v2("polyoxide__v2_holders.json"), parseTokenHoldersRow).rows;
    expect(plain[0]?.holders[0]).toMatchObject({ avgPrice: null, currentValue: null, totalPnl: null });
    const sdk = parseV2Page(wrapped("pysdk__holders_include_pnl.data.json"), parseTokenHoldersRow).rows;
    expect(sdk.every((t) => t.holders.length === 1 && t.holders[0]?.totalPnl !== null)).toBe(true);
  });

  it("a private holder is named by pseudonym, never by the wallet", () => {
    const plain = parseV2Page(v2("polyoxide__v2_holders_include_pnl.json"), parseTokenHoldersRow).rows;
    const hidden = plain[1]?.holders.find((h) => h.wallet === "0xa5ef39c3d3e10d0b270233af41cac69796b12966");
    expect(hidden?.name).toBeNull();
  });

  it("leaderboard rows: rank, wallet, PnL and volume", () => {
    const rows = parseV2Page(v2("polyoxide__v2_leaderboard.json"), parseLeaderRow).rows;
    expect(rows[0]).toEqual({
      rank: 1,
      wallet: "0x51698a47f840a242abc2ca0351371c7ffac41842",
      name: "00gringo00",
      pnl: 2492743.86776,
      volume: 12942959.982390001,
    });
    expect(parseV2Page(wrapped("pysdk__leaderboard.data.json"), parseLeaderRow).rows).toHaveLength(2);
  });

  it("positions: status, entry, value, PnL and the first entry's time", () => {
    const [position] = parseV2Page(v2("polyoxide__v2_positions.json"), parsePositionRow).rows;
    expect(position).toMatchObject({
      status: "OPEN",
      size: 28.09,
      avgPrice: 0.6699,
      currentValue: 20.0843,
      totalPnl: 1.264,
      eventSlug: "highest-temperature-in-los-angeles-on-october-8-2026",
      firstEntryAt: 1_791_292_984_000,
    });
    const sdk = parseV2Page(wrapped("pysdk__positions.data.json"), parsePositionRow).rows;
    expect(sdk.map((p) => p.status)).toEqual(["OPEN", "OPEN"]);
    expect(parsePositionRow({ ...(position as object), status: "SOMETHING_NEW" })).toBeNull();
  });

  it("activity rows", () => {
    const rows = parseV2Page(v2("polyoxide__v2_activity.json"), parseActivityRow).rows;
    expect(rows[0]).toMatchObject({ type: "TRADE", side: "BUY", at: 1_789_381_477_000, price: 0.52 });
    expect(parseV2Page(wrapped("pysdk__activity.data.json"), parseActivityRow).rows).toHaveLength(2);
  });

  it("resolutions: every recorded state, UMA's fixed-point answers and the final time", () => {
    const pending = parseV2Page(
      v2("polyoxide__v2_resolutions_pending_disputed_proposed.json"),
      parseResolutionRow,
    );
    const [disputed, proposed] = pending.rows;
    // The disputed one was re-proposed at 50-50 after its first proposal (Yes) was disputed.
    expect(disputed).toMatchObject({ state: "disputed", wasDisputed: true, proposed: 0.5 });
    expect(disputed?.expectedFinalAt).toBe(Date.parse("2026-10-02T00:00:00Z"));
    expect(proposed).toMatchObject({ state: "proposed", wasDisputed: false, proposed: 1 });
    expect(proposed?.expectedFinalAt).toBe(Date.parse("2026-09-29T19:50:27Z"));
    expect(proposed?.updatedAt).toBe(1_790_704_227_000);

    const [active] = parseV2Page(
      v2("adriancova__data-v2-resolutions-v2-active.json"),
      parseResolutionRow,
    ).rows;
    expect(active).toMatchObject({ state: "open", proposed: null, payouts: [] });
    const [resolved] = parseV2Page(
      v2("adriancova__data-v2-resolutions-v2-resolved.json"),
      parseResolutionRow,
    ).rows;
    expect(resolved).toMatchObject({ state: "resolved", payouts: [1, 0] });
    expect(resolved?.resolvedAt).toBe(Date.parse("2026-10-05T21:35:56Z"));
    const [v1Resolved] = parseV2Page(
      v2("adriancova__data-v2-resolutions-v1-resolved.json"),
      parseResolutionRow,
    ).rows;
    expect(v1Resolved?.payouts).toEqual([0, 1]);
    // The older field set: "posed" (asked, nothing proposed; 69 is UMA's "no price") and "resolved".
    const older = parseV2Page(wrapped("pysdk__resolutions.data.json"), parseResolutionRow).rows;
    expect(older.map((r) => [r.state, r.proposed])).toEqual([
      ["resolved", 0],
      ["open", null],
    ]);
  });
});

describe("v2 requests", () => {
  it("never sends offset: pages follow next_cursor, up to the page budget", async () => {
    const [page1, page2] = [
      v2("adriancova__data-v2-trades-v1-page1.REDACTED.json"),
      v2("adriancova__data-v2-trades-v1-page2.REDACTED.json"),
    ];
    const cursor = (page1 as { pagination: { next_cursor: string } }).pagination.next_cursor;
    const empty = v2("adriancova__data-v2-trades-v2-empty.json");
    const { urls, client } = serve({
      "/v2/trades": (url) => {
        const asked = url.searchParams.get("cursor");
        return { body: asked === null ? page1 : asked === cursor ? page2 : empty };
      },
    });
    const trades = await client.eventTrades("12345", 0, 5);
    expect(trades).toHaveLength(4);
    expect(urls).toHaveLength(3);
    expect(urls.every((u) => !u.searchParams.has("offset"))).toBe(true);
    expect(urls[0]?.searchParams.get("event_id")).toBe("12345");
    expect(urls[1]?.searchParams.get("cursor")).toBe(cursor);

    const budget = serve({ "/v2/trades": () => ({ body: page1 }) });
    await budget.client.eventTrades("12345", 0, 3);
    expect(budget.urls).toHaveLength(3);
    expect(() => v2Query({ offset: 0 })).toThrow("offset");
  });

  it("keeps only the trades since the window's start", async () => {
    const { client } = serve({ "/v2/trades": () => ({ body: v2("polyoxide__v2_trades.json") }) });
    const all = await client.eventTrades("1", 0, 1);
    const later = await client.eventTrades("1", (all[0]?.at ?? 0) + 1, 1);
    expect(all).toHaveLength(2);
    expect(later.length).toBeLessThan(all.length);
  });

  it("names at most 20 conditions a call, each once", async () => {
    const ids = Array.from({ length: 45 }, (_, i) => `0x${i.toString(16).padStart(64, "0")}`);
    expect(conditionBatches([...ids, ids[0] as string]).map((b) => b.length)).toEqual([20, 20, 5]);
    const { urls, client } = serve({
      "/v2/resolutions": () => ({ body: v2("adriancova__data-v2-resolutions-v2-active.json") }),
    });
    await client.resolutions(ids);
    expect(urls).toHaveLength(3);
    expect(urls.map((u) => u.searchParams.get("condition")?.split(",").length)).toEqual([
      V2_CONDITIONS_PER_CALL,
      V2_CONDITIONS_PER_CALL,
      5,
    ]);
  });

  it("asks for PnL only when wanted", async () => {
    const { urls, client } = serve({
      "/v2/holders": () => ({ body: v2("polyoxide__v2_holders_include_pnl.json") }),
    });
    await client.holders([CONDITION], true);
    await client.holders([CONDITION], false);
    expect(urls.map((u) => u.searchParams.get("include_pnl"))).toEqual(["true", null]);
  });
});

describe("the v1 fallback", () => {
  it("reads v1's holders when v2's route is missing, in v2's shape without PnL", async () => {
    const { urls, client } = serve({ "/holders": () => ({ body: holdersFor(RECORDED_CONDITION) }) });
    const tokens = await client.holdersOrV1([RECORDED_CONDITION], true);
    expect(urls.map((u) => u.pathname)).toEqual(["/v2/holders", "/holders"]);
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens[0]?.holders[0]).toMatchObject({ avgPrice: null, currentValue: null, totalPnl: null });
  });

  it("does not call v1 when v2 answers", async () => {
    const { urls, client } = serve({
      "/v2/holders": () => ({ body: v2("polyoxide__v2_holders_include_pnl.json") }),
    });
    await client.holdersOrV1([CONDITION], true);
    expect(urls.map((u) => u.pathname)).toEqual(["/v2/holders"]);
  });

  it("throws v1's failure when both fail", async () => {
    const { client } = serve({ "/holders": () => ({ status: 503, body: { error: "down" } }) });
    await expect(client.holdersOrV1([CONDITION], false)).rejects.toThrow("Failed to fetch holders");
  });
});
