/**
 * Smart money per event inside workerd (decision 0055): the smart wallets read by the minute cron from the
 * recorded v2 board into a real D1, the holders and trades answered from recorded v2 rows (the fixture
 * upstreams), and each label the event page's section can show.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { HISTORY_UNAVAILABLE } from "~/.server/history/reads";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import {
  SMART_MONEY_METHOD,
  SMART_MONEY_NO_OUTCOMES,
  SMART_MONEY_UNAVAILABLE,
  SMART_WALLETS_NOT_LOADED,
  TOO_FEW_SMART,
} from "~/lib/smart-money";
import type { ChatRequest } from "../support/upstream-answers";
import { clearCalls } from "./support/calls";
import { DATA, upstreams } from "./support/upstreams";
import { BROWSER, failingDb, testWorker, workerTest } from "./support/worker";

/** A one-market event of the recorded top 100: Yes at 14¢. */
const ONE_MARKET = "bitboy-convicted";
/** A shown multi-outcome event (9 markets) whose prices add up to about 100¢. */
const MULTI = "how-many-people-will-trump-deport-in-2025";
/** A closed event of the 2024 recording: no open outcome. */
const CLOSED = "presidential-election-winner-2024";
/** The recorded monthly board's first wallet (rank 3 on the test's all-time board). */
const BOARD_FIRST = "0x09b428f7c2b469786286214aa5c90dd9015f7320";

const t = workerTest({
  tables: ["smart_wallets", "event_smart_money", "whale_trades", "markets", "market_points"],
  kvPrefixes: ["market:", "event:"],
});

const escaped = (words: string) =>
  words.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
/** The HTML's text as read (React's `<!-- -->` separators gone). */
const text = (html: string) => html.replaceAll("<!-- -->", "");

/** The smart wallets loaded as the minute cron loads them. */
async function loadSmartWallets(): Promise<void> {
  await t.worker.scheduled(WHALES_CRON);
  await t.worker.settle();
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM smart_wallets").first<{ n: number }>();
  expect(row?.n).toBe(52);
}

/** The event page's smart-money section, as HTML (kept copies are fresh by the second view). */
async function section(slug: string): Promise<string> {
  let html = "";
  for (let i = 0; i < 2; i++) {
    const response = await t.worker.fetch(`/event/${slug}`, { headers: BROWSER });
    expect(response.status).toBe(200);
    html = await response.text();
  }
  const start = html.indexOf('data-testid="section-smart-money"');
  expect(start, "the section is on the page").toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</section>", start));
}

describe("the event page's smart money", () => {
  it("figures and the lean on a one-market event; the side held by fewer than 3 says so", async () => {
    await loadSmartWallets();
    const html = await section(ONE_MARKET);
    expect(html).toContain("Smart money leans Yes: 100% of their money at a 14¢ price");
    // Yes: board wallets 1–4 (the two recorded holders on no board are not counted).
    // 250,000 + 210,000 + 170,000 + 130,000 shares at 14¢; entries as recorded (91.42¢, 93.61¢, 0¢, 55.15¢).
    expect(text(html)).toContain(
      "4 top wallets · 760,000 shares · $106.4K at the price now · average entry 65.4¢ · 24 h net flow +$48K",
    );
    expect(html).toContain(`href="/trader/${BOARD_FIRST}"`);
    expect(html).toContain("DEEDDIT");
    // No: two board wallets only.
    expect(html).toContain(TOO_FEW_SMART);
    expect(html).toContain(escaped(SMART_MONEY_METHOD));
  });

  it("no lean on a multi-outcome event whose smart money follows the prices", async () => {
    await loadSmartWallets();
    const html = await section(MULTI);
    expect(html).toContain(">No lean<");
    expect(html.match(/data-testid="smart-outcome"/g)?.length).toBe(9);
  });

  it("says the smart wallets are not loaded yet before the first list", async () => {
    const html = await section(ONE_MARKET);
    expect(html).toContain(escaped(SMART_WALLETS_NOT_LOADED));
    expect(html).not.toContain("top wallets ·");
  });

  it("a closed event has nothing to ask; a failing database says so in the section", async () => {
    await loadSmartWallets();
    expect(text(await section(CLOSED))).toContain(SMART_MONEY_NO_OUTCOMES);
    t.worker = testWorker({ DB: failingDb });
    expect(await section(ONE_MARKET)).toContain(HISTORY_UNAVAILABLE);
  });

  it("a failing v2 holders route falls back to v1's holders: the figures without an average entry", async () => {
    await loadSmartWallets();
    upstreams.use(
      http.get(`${DATA}/v2/holders`, () => HttpResponse.json({ error: "down" }, { status: 500 })),
    );
    const html = text(await section(ONE_MARKET));
    // v1's holders of the test upstreams: board wallets 1–5 on Yes, 6–10 on No (no entry prices).
    expect(html).toContain("5 top wallets · 850,000 shares · $119K at the price now · 24 h net flow +$48K");
    expect(html).not.toContain("average entry");
  });

  it("a failing Data API (v2 and v1) degrades the section alone, with a message", async () => {
    await loadSmartWallets();
    upstreams.use(
      http.get(`${DATA}/v2/holders`, () => HttpResponse.json({ error: "down" }, { status: 500 })),
      http.get(`${DATA}/holders`, () => HttpResponse.json({ error: "down" }, { status: 500 })),
    );
    // A failed lookup is not kept: the section streams in each time, with the message.
    const response = await t.worker.fetch(`/event/${ONE_MARKET}`, { headers: BROWSER });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="section-smart-money"');
    expect(html).toContain(escaped(SMART_MONEY_UNAVAILABLE));
    expect(html).not.toContain("top wallets ·");
    expect(html).toContain('data-testid="section-outcomes"');
  });
});

describe("the minute cron's rotation and the cards' line", () => {
  const v2Asked: string[] = [];
  upstreams.events.on("request:start", ({ request }) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith("/v2/holders") || path.endsWith("/v2/trades")) v2Asked.push(path);
  });
  const stored = async () =>
    (
      await env.DB.prepare(
        "SELECT event_slug, line, lean, wallets, as_of_ms FROM event_smart_money ORDER BY event_slug",
      ).all<{ event_slug: string; line: string | null; lean: string; wallets: number; as_of_ms: number }>()
    ).results;

  it("computes two events a run (≤ 4 upstream calls), skips the board's run, writes changed rows only; cards show a fresh row's line", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-27T12:00:30Z");
    vi.setSystemTime(start);
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    v2Asked.length = 0;
    // The run that reads the board asks nothing of the events.
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    expect(v2Asked).toEqual([]);
    expect(await stored()).toEqual([]);

    // Then one group of two events a minute: the 20 recorded events in 10 minutes.
    const perRun: number[] = [];
    for (let minute = 1; minute <= 10; minute++) {
      vi.setSystemTime(start + minute * 60_000);
      const before = v2Asked.length;
      await t.worker.scheduled(WHALES_CRON);
      await t.worker.settle();
      perRun.push(v2Asked.length - before);
    }
    expect(perRun.every((n) => n === 4)).toBe(true);
    const rows = await stored();
    expect(rows).toHaveLength(20);
    expect(rows.find((r) => r.event_slug === ONE_MARKET)).toMatchObject({
      line: "Smart money: 4 top wallets on Yes, +$48K today",
      lean: "Smart money leans Yes: 100% of their money at a 14¢ price",
      wallets: 6,
    });
    expect(rows.find((r) => r.event_slug === MULTI)).toMatchObject({ lean: "No lean" });

    // A second pass finds nothing changed: no row is rewritten.
    for (let minute = 11; minute <= 20; minute++) {
      vi.setSystemTime(start + minute * 60_000);
      await t.worker.scheduled(WHALES_CRON);
      await t.worker.settle();
    }
    expect(await stored()).toEqual(rows);

    // The card shows the line of a row at most two hours old, and no line after.
    const home = text(await (await t.worker.fetch("/?show=all", { headers: BROWSER })).text());
    expect(home).toContain("Smart money: 4 top wallets on Yes, +$48K today");
    vi.setSystemTime(start + 3 * 3_600_000);
    const later = testWorker();
    const stale = await (await later.fetch("/?show=all", { headers: BROWSER })).text();
    await later.settle();
    expect(stale).toContain('data-testid="event-card"');
    expect(stale).not.toContain('data-testid="smart-money-line"');
  });
});

describe("/api/v1/events/{slug}", () => {
  it("carries the event's smart money, withholding the figures of an outcome on fewer than 3 wallets", async () => {
    await loadSmartWallets();
    const response = await t.worker.fetch(`/api/v1/events/${ONE_MARKET}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      smartMoney: {
        outcomes: { label: string; wallets: number; enough: boolean; value: number; holders: unknown[] }[];
        lean: { label: string; share: number } | null;
        leanText: string;
        line: string | null;
        method: string;
        asOf: string;
      } | null;
    };
    const money = body.smartMoney;
    expect(money?.lean).toMatchObject({ label: "Yes", share: 1 });
    expect(money?.line).toBe("Smart money: 4 top wallets on Yes, +$48K today");
    expect(money?.method).toBe(SMART_MONEY_METHOD);
    expect(Date.parse(money?.asOf ?? "")).not.toBeNaN();
    expect(money?.outcomes.find((o) => o.label === "Yes")).toMatchObject({ wallets: 4, enough: true });
    expect(money?.outcomes.find((o) => o.label === "Yes")?.holders).toHaveLength(4);
    expect(money?.outcomes.find((o) => o.label === "No")).toEqual(
      expect.objectContaining({ wallets: 2, enough: false, value: 0, holders: [] }),
    );
  });

  it("is null with a note when the Data API fails; the OpenAPI document describes it", async () => {
    await loadSmartWallets();
    upstreams.use(
      http.get(`${DATA}/v2/holders`, () => HttpResponse.json({ error: "down" }, { status: 500 })),
      http.get(`${DATA}/holders`, () => HttpResponse.json({ error: "down" }, { status: 500 })),
    );
    const body = (await (await t.worker.fetch(`/api/v1/events/${ONE_MARKET}`)).json()) as {
      smartMoney: unknown;
      notes?: string[];
    };
    expect(body.smartMoney).toBeNull();
    expect(body.notes).toContain(SMART_MONEY_UNAVAILABLE);
    const doc = (await (await t.worker.fetch("/api/v1/openapi.json")).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.components.schemas.SmartMoney?.properties).toHaveProperty("leanText");
    expect(doc.components.schemas.EventDetail?.properties).toHaveProperty("smartMoney");
  });
});

describe("the model's smart-money input", () => {
  it("tells the model each event's fresh lean and stores it with the call and in the track record's export", async () => {
    await clearCalls();
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-11-27T12:00:30Z");
    vi.setSystemTime(start);
    const prompts: string[] = [];
    upstreams.events.on("request:start", async ({ request }) => {
      if (new URL(request.url).pathname.endsWith("/chat/completions")) {
        prompts.push(((await request.clone().json()) as ChatRequest).messages.at(-1)?.content ?? "");
      }
    });
    // Estimates first (no model), then a minute run a minute over ten minutes: every shown event's row.
    const noModel = testWorker({ LLM_API_KEY: "" });
    await noModel.scheduled(MARKETS_CRON);
    await noModel.settle();
    for (let minute = 0; minute <= 10; minute++) {
      vi.setSystemTime(start + minute * 60_000);
      await t.worker.scheduled(WHALES_CRON);
      await t.worker.settle();
    }
    expect(prompts).toEqual([]);
    // The model's first run: each event comes with its lean.
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const events = prompts.flatMap(
      (p) => (JSON.parse(p) as { events: { eventId: string; smartMoney: string | null }[] }).events,
    );
    expect(events.length).toBeGreaterThan(0);
    const lean = "Smart money leans Yes: 100% of their money at a 14¢ price";
    expect(events.map((e) => e.smartMoney)).toContain(lean);
    expect(events.map((e) => e.smartMoney)).toContain("No lean");
    // The call on the one-market event keeps what the model was given.
    const row = await env.DB.prepare(
      "SELECT smart_money FROM calls WHERE event_slug = ?1 AND source <> 'estimate'",
    )
      .bind(ONE_MARKET)
      .first<{ smart_money: string | null }>();
    expect(row?.smart_money).toBe(lean);
    const exported = (await (await t.worker.fetch("/api/v1/track-record")).json()) as {
      calls: { eventSlug: string | null; smartMoney: string | null }[];
    };
    const mine = exported.calls.filter((c) => c.eventSlug === ONE_MARKET);
    // The estimate's call (no model, nothing given) and the model's.
    expect(mine.map((c) => c.smartMoney)).toEqual([null, lean]);
  });
});
