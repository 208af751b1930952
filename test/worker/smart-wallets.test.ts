/**
 * The smart wallets' daily refresh inside workerd (decision 0052): the minute cron reads the Data API v2's
 * all-time board (cursor paged, never `offset`) into D1, once a day; a failing board keeps the list.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { WHALES_CRON } from "~/lib/refresh-cadence";
import { DATA, upstreams } from "./support/upstreams";
import { testWorker, workerTest } from "./support/worker";

workerTest({ worker: false, tables: ["smart_wallets"] });

const boardRequests: URL[] = [];
upstreams.events.on("request:start", ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/v2/leaderboard")) boardRequests.push(url);
});

async function stored(): Promise<{ wallet: string; rank: number; pnl: number; refreshed_ms: number }[]> {
  const { results } = await env.DB.prepare(
    "SELECT wallet, rank, pnl, refreshed_ms FROM smart_wallets ORDER BY rank",
  ).all<{ wallet: string; rank: number; pnl: number; refreshed_ms: number }>();
  return results;
}

async function minuteRun(at: string): Promise<void> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(at));
  const worker = testWorker();
  await worker.scheduled(WHALES_CRON);
  await worker.settle();
}

describe("the smart wallets", () => {
  it("are read from the v2 board into D1 by cursor, then not again for a day", async () => {
    boardRequests.length = 0;
    await minuteRun("2026-11-27T10:00:00Z");
    const list = await stored();
    // The recorded first page (2 wallets), then its cursor's page: the recorded monthly board (50).
    expect(list).toHaveLength(52);
    expect(list.slice(0, 3)).toEqual([
      {
        wallet: "0x51698a47f840a242abc2ca0351371c7ffac41842",
        rank: 1,
        pnl: 2492743.86776,
        refreshed_ms: Date.parse("2026-11-27T10:00:00Z"),
      },
      expect.objectContaining({ rank: 2 }),
      expect.objectContaining({ wallet: "0x09b428f7c2b469786286214aa5c90dd9015f7320", rank: 3 }),
    ]);
    // The first page, then its cursor (that page is the last); never an offset.
    expect(boardRequests.map((u) => u.searchParams.has("cursor"))).toEqual([false, true]);
    expect(boardRequests.every((u) => !u.searchParams.has("offset"))).toBe(true);
    expect(boardRequests[0]?.searchParams.get("time_period")).toBe("all");

    await minuteRun("2026-11-27T22:00:00Z");
    expect(boardRequests).toHaveLength(2);
    await minuteRun("2026-11-28T10:00:01Z");
    expect(boardRequests).toHaveLength(4);
    expect((await stored())[0]?.refreshed_ms).toBe(Date.parse("2026-11-28T10:00:01Z"));
  });

  it("a failing board keeps the list it had", async () => {
    await minuteRun("2026-11-27T10:00:00Z");
    expect(await stored()).toHaveLength(52);
    upstreams.use(
      http.get(`${DATA}/v2/leaderboard`, () => HttpResponse.json({ error: "down" }, { status: 503 })),
    );
    await minuteRun("2026-11-29T10:00:00Z");
    const kept = await stored();
    expect(kept).toHaveLength(52);
    expect(kept[0]?.refreshed_ms).toBe(Date.parse("2026-11-27T10:00:00Z"));
  });
});
