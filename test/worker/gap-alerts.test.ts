/**
 * The "gap ≥ N¢" alert rule (decision 0057) inside workerd: a subscription made through `/api/v1/alerts`,
 * Kalshi's recorded markets crawled by the Kalshi cron, a pair written as the pairing job writes one, and
 * Polymarket's price as the search index keeps it. The rule fires once when a pair's gap reaches N, not
 * again while it stays there, and again only after the gap fell back under N and crossed once more.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AlertMessage } from "~/.server/alerts/dispatch";
import { KALSHI_CRON } from "~/lib/refresh-cadence";
import { TEST_VAPID_PRIVATE_KEY, TEST_VAPID_PUBLIC_KEY } from "../support/vapid";
import { countingDb } from "./support/counting";
import { insertPair } from "./support/kalshi-pairs";
import { clearIndex, indexRecorded } from "./support/search";
import { kalshiHandler, upstreams } from "./support/upstreams";
import { testWorker, workerTest } from "./support/worker";

const keys = { VAPID_PUBLIC_KEY: TEST_VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY };
const PUSH = (env as unknown as { PUSH_SERVICE_URL: string }).PUSH_SERVICE_URL;

/** A shown multi-outcome event of the recorded open events, its "250-500k" market and a recorded Kalshi market (last 0.64). */
const EVENT = "how-many-people-will-trump-deport-in-2025";
const MARKET_ID = "517311";
const TICKER = "KXUSAIRANAGREEMENT-27";

function recordingQueue() {
  const sent: AlertMessage[] = [];
  return {
    sent,
    sendBatch: async (messages: Iterable<{ body: AlertMessage }>) => {
      for (const m of messages) sent.push(m.body);
    },
    send: async (body: AlertMessage) => {
      sent.push(body);
    },
  };
}

let queue: ReturnType<typeof recordingQueue>;
const t = workerTest({
  tables: ["alert_sent", "alert_subscriptions", "kalshi_markets", "cross_venue_pairs"],
});
beforeEach(async () => {
  await clearIndex();
  queue = recordingQueue();
  t.worker = testWorker({ ...keys, ALERTS: queue });
  await env.DB.prepare(
    "UPDATE kalshi_crawl SET pass = 0, pass_started_ms = NULL, complete = 1, cursor = NULL, pages = 0, seen = '[]', last_full_pass_ms = NULL, events = 0, unseen_closed_ms = NULL, day = '', rows_today = 0, version = 0",
  ).run();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

let ip = 0;
async function follow(rules: unknown[]): Promise<string> {
  const subscription = (await (await fetch(`${PUSH}/__push/subscriptions`, { method: "POST" })).json()) as {
    endpoint: string;
  };
  ip += 1;
  const res = await t.worker.fetch("/api/v1/alerts", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `192.0.2.${100 + ip}` },
    body: JSON.stringify({ subscription, rules }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The index's row of the event with the paired market's first price set to `price` (as its next pass would). */
async function indexPrice(price: number): Promise<void> {
  const row = await env.DB.prepare("SELECT markets FROM search_events WHERE slug = ?")
    .bind(EVENT)
    .first<{ markets: string }>();
  if (!row) throw new Error(`the index has no ${EVENT}`);
  const markets = JSON.parse(row.markets) as { id: string; outcomes: { price: number }[] }[];
  const market = markets.find((m) => m.id === MARKET_ID);
  if (!market?.outcomes[0] || !market.outcomes[1]) throw new Error(`no market ${MARKET_ID} in the index`);
  market.outcomes[0].price = price;
  market.outcomes[1].price = Math.round((1 - price) * 1000) / 1000;
  await env.DB.prepare("UPDATE search_events SET markets = ? WHERE slug = ?")
    .bind(JSON.stringify(markets), EVENT)
    .run();
}

async function kalshiRun(worker = t.worker): Promise<void> {
  await worker.scheduled(KALSHI_CRON);
  await worker.settle();
}

describe("the gap ≥ N¢ alert", () => {
  it("fires once when the gap reaches N, not again while it lasts, and again after it fell back and crossed anew", async () => {
    upstreams.use(kalshiHandler(200));
    await indexRecorded();
    const id = await follow([{ type: "gap", event: EVENT, cents: 10 }]);
    await insertPair({ polymarketId: MARKET_ID, eventSlug: EVENT, ticker: TICKER });

    // Kalshi 64¢, Polymarket 50¢: 14¢ apart.
    await indexPrice(0.5);
    await kalshiRun();
    expect(queue.sent).toHaveLength(1);
    expect(queue.sent[0]?.notification).toMatchObject({
      title: "How many people will Trump deport in 2025?: 250-500k +14¢ on Kalshi",
      body: "Kalshi 64¢, Polymarket 50¢ (before fees; the two venues' rules can differ)",
      url: `/event/${EVENT}`,
    });
    expect(queue.sent[0]?.notification.body).not.toMatch(/arbitrage/i);

    // The next run sees the same gap: nothing more.
    queue.sent.length = 0;
    await kalshiRun();
    expect(queue.sent).toHaveLength(0);

    // Back under 10¢ (Kalshi 64¢, Polymarket 58¢): nothing sent, the crossing's key freed.
    await indexPrice(0.58);
    await kalshiRun();
    expect(queue.sent).toHaveLength(0);
    const keysNow = await env.DB.prepare("SELECT dedupe_key FROM alert_sent WHERE subscription_id = ?")
      .bind(id)
      .all<{ dedupe_key: string }>();
    expect(keysNow.results).toHaveLength(1);
    expect(keysNow.results[0]?.dedupe_key).toMatch(/^gap:517311:KXUSAIRANAGREEMENT-27:10:ended:\d+$/);

    // A new crossing after the rule's 15 minutes: sent again, once.
    await env.DB.prepare("UPDATE alert_sent SET sent_ms = sent_ms - 16 * 60 * 1000 WHERE subscription_id = ?")
      .bind(id)
      .run();
    await indexPrice(0.76);
    await kalshiRun();
    expect(queue.sent).toHaveLength(1);
    expect(queue.sent[0]?.notification.title).toContain("250-500k −12¢ on Kalshi");
    await kalshiRun();
    expect(queue.sent).toHaveLength(1);
  });

  it("another event's rule or a gap under N sends nothing; the run's alert part costs at most 5 queries", async () => {
    upstreams.use(kalshiHandler(200));
    await indexRecorded();
    await follow([
      { type: "gap", event: EVENT, cents: 10 },
      { type: "gap", event: "presidential-election-winner-2028", cents: 3 },
    ]);
    await insertPair({ polymarketId: MARKET_ID, eventSlug: EVENT, ticker: TICKER });
    await indexPrice(0.6);
    const counting = countingDb(env.DB);
    await kalshiRun(testWorker({ ...keys, ALERTS: queue, DB: counting.db }));
    expect(queue.sent).toHaveLength(0);
    // The rules, the followed events' pairs, the freed keys (none sent: nothing rewritten).
    const alertQueries = counting.tally.sql.filter(
      (sql) => sql.includes("alert_") || sql.includes("cross_venue_pairs"),
    );
    expect(alertQueries.length).toBeGreaterThanOrEqual(2);
    expect(alertQueries.length).toBeLessThanOrEqual(5);
  });
});
