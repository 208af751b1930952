/**
 * Alerts from the crons to the push service inside workerd (decision 0042): rules evaluated against the
 * crons' data (whale trades, a followed wallet's trades, price moves against the recorded history, changed
 * calls, the states a followed market enters in UMA's resolution), matches recorded and queued, and the queue handler sending each push encrypted and signed to the
 * loopback push service (test/support/push-service.ts), which checks the VAPID JWT and decrypts the body
 * with the subscription's private key. The queue binding is a recorder here: its messages go through the
 * Worker's real queue handler (createMessageBatch), so what the handler acknowledges and retries is seen.
 */
import { createMessageBatch, env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deliverAlert } from "~/.server/alerts/deliver";
import type { AlertMessage } from "~/.server/alerts/dispatch";
import { ALERTS_PER_DAY } from "~/.server/alerts/dispatch";
import { getConfig } from "~/.server/config";
import { KV_KEYS } from "~/.server/snapshots/keys";
import type { StoredMarkets } from "~/.server/snapshots/markets";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import umaMarkets from "../fixtures/polymarket/gamma-markets-uma-proposed-disputed-13.json" with {
  type: "json",
};
import v2Resolved from "../fixtures/polymarket-data-v2/adriancova__data-v2-resolutions-v2-resolved.json" with {
  type: "json",
};
import v2Pending from "../fixtures/polymarket-data-v2/polyoxide__v2_resolutions_pending_disputed_proposed.json" with {
  type: "json",
};
import { recordedTrades } from "../support/upstreams";
import { TEST_VAPID_PRIVATE_KEY, TEST_VAPID_PUBLIC_KEY } from "../support/vapid";
import { clearCalls, insertCalls } from "./support/calls";
import { DATA, extraTrades, keysetHandler, recordedMarkets, upstreams } from "./support/upstreams";
import { testWorker, workerTest } from "./support/worker";

/** The tests' VAPID pair (test/support/vapid.ts), as `npm run vapid` prints one. */
const keys = { VAPID_PUBLIC_KEY: TEST_VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY };

const PUSH = (env as unknown as { PUSH_SERVICE_URL: string }).PUSH_SERVICE_URL;

interface PushState {
  deliveries: { id: string; ttl: number; urgency: string | null; payload: Record<string, string> }[];
  rejected: { reason: string }[];
  attempts: Record<string, number>;
}
const pushState = async () => (await fetch(`${PUSH}/__push/state`)).json() as Promise<PushState>;
async function pushAnswers(statuses: { status: number; retryAfter?: number }[]) {
  expect(
    (await fetch(`${PUSH}/__push/answers`, { method: "POST", body: JSON.stringify({ statuses }) })).status,
  ).toBe(200);
}

/** The queue as the crons see it: every message sent is kept for the test to deliver. */
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
const t = workerTest({ tables: ["alert_sent", "alert_subscriptions", "market_points", "uma_states"] });
beforeEach(async () => {
  queue = recordingQueue();
  t.worker = testWorker({ ...keys, ALERTS: queue });
  await fetch(`${PUSH}/__push/reset`, { method: "POST" });
  await clearCalls();
  extraTrades.length = 0;
});

let ip = 0;
/** A browser subscription at the loopback push service, saved with these rules; its id. */
async function follow(rules: unknown[]): Promise<{ id: string; pushId: string }> {
  const subscription = (await (await fetch(`${PUSH}/__push/subscriptions`, { method: "POST" })).json()) as {
    endpoint: string;
  };
  ip += 1;
  const res = await t.worker.fetch("/api/v1/alerts", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `192.0.2.${ip}` },
    body: JSON.stringify({ subscription, rules }),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { id, pushId: subscription.endpoint.split("/").pop() as string };
}

/** Runs the queue handler over what the crons queued so far (`attempts` as the queue would count them). */
async function deliver(attempts = 1) {
  const messages = queue.sent
    .splice(0)
    .map((body, i) => ({ id: `m${i}`, timestamp: Date.now(), attempts, body }));
  const batch = createMessageBatch<AlertMessage>("oddspulse-alerts", messages);
  return { result: await t.worker.queue(batch), messages };
}

const base = recordedTrades[0] as Record<string, unknown> & { eventSlug: string; proxyWallet: string };
/** A trade as the Data API lists it, made now. */
function trade(hash: string, usd: number, extra: Record<string, unknown> = {}) {
  return {
    ...base,
    transactionHash: hash,
    size: usd / 0.5,
    price: 0.5,
    timestamp: Math.floor(Date.now() / 1000),
    ...extra,
  };
}

describe("alerts: from the crons to the push service", () => {
  it("pushes a whale trade in a followed event once: encrypted, signed, with TTL and Urgency, opening the event", async () => {
    const { id, pushId } = await follow([{ type: "whale", event: base.eventSlug, minUsd: 100_000 }]);
    extraTrades.push(trade("0xsmall", 60_000), trade("0xbig", 150_000));
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    expect(queue.sent).toHaveLength(1);
    const { result, messages } = await deliver();
    expect(result.explicitAcks).toEqual([messages[0]?.id]);
    const state = await pushState();
    expect(state.rejected).toEqual([]);
    expect(state.deliveries).toHaveLength(1);
    const delivery = state.deliveries[0];
    expect(delivery).toMatchObject({ id: pushId, ttl: 3600, urgency: "high" });
    expect(delivery?.payload.title).toBe("Whale trade: $150K on No");
    expect(delivery?.payload.url).toBe(`/event/${base.eventSlug}`);
    expect(delivery?.payload.body).toContain(String(base.title));
    const row = await env.DB.prepare("SELECT last_sent_ms FROM alert_subscriptions WHERE id = ?")
      .bind(id)
      .first<number>("last_sent_ms");
    expect(row).toBeGreaterThan(Date.now() - 60_000);

    // The next minute's run sees the same trade: nothing is sent twice.
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    expect(queue.sent).toHaveLength(0);
  });

  it("a rule fires at most once per 15 minutes; after that, only trades not sent before", async () => {
    const { id } = await follow([{ type: "whale", event: base.eventSlug, minUsd: 50_000 }]);
    extraTrades.push(trade("0xone", 80_000), trade("0xtwo", 90_000));
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    expect(queue.sent).toHaveLength(1);
    const first = queue.sent.splice(0)[0];
    extraTrades.push(trade("0xthree", 95_000));
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    expect(queue.sent).toHaveLength(0);
    // Sixteen minutes later (the record's clock moved back): one more, never the one already sent.
    await env.DB.prepare("UPDATE alert_sent SET sent_ms = sent_ms - 16 * 60 * 1000 WHERE subscription_id = ?")
      .bind(id)
      .run();
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    expect(queue.sent).toHaveLength(1);
    expect(queue.sent[0]?.notification.title).not.toBe(first?.notification.title);
    const sent = await env.DB.prepare(
      "SELECT dedupe_key FROM alert_sent WHERE subscription_id = ? ORDER BY dedupe_key",
    )
      .bind(id)
      .all<{ dedupe_key: string }>();
    expect(new Set(sent.results.map((r) => r.dedupe_key)).size).toBe(2);
  });

  it("retries 429 (its Retry-After) and 5xx (30 s doubling) through the queue; 410 deletes the subscription", async () => {
    const { id } = await follow([{ type: "whale", event: base.eventSlug, minUsd: 50_000 }]);
    extraTrades.push(trade("0xretry", 70_000));
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    const queued = [...queue.sent];
    await pushAnswers([{ status: 429, retryAfter: 7 }, { status: 503 }]);

    // Through the Worker's queue handler: retried, retried, then acknowledged.
    let { result } = await deliver(1);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["m0"]);
    queue.sent.push(...queued);
    ({ result } = await deliver(2));
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["m0"]);
    queue.sent.push(...queued);
    ({ result } = await deliver(3));
    expect(result.explicitAcks).toEqual(["m0"]);
    expect((await pushState()).deliveries).toHaveLength(1);

    await pushAnswers([{ status: 410 }]);
    queue.sent.push(...queued);
    ({ result } = await deliver(1));
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM alert_subscriptions WHERE id = ?").bind(id).first("n"),
    ).toBe(0);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM alert_sent WHERE subscription_id = ?")
        .bind(id)
        .first("n"),
    ).toBe(0);
    // A message for a subscription that is gone is dropped without a request.
    const before = (await pushState()).attempts;
    queue.sent.push(...queued);
    ({ result } = await deliver(1));
    expect(result.explicitAcks).toEqual(["m0"]);
    expect((await pushState()).attempts).toEqual(before);
  });

  it("waits as the push service says (Retry-After), else 30 s doubling", async () => {
    await follow([{ type: "whale", event: base.eventSlug, minUsd: 50_000 }]);
    extraTrades.push(trade("0xdelay", 70_000));
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    const body = queue.sent[0] as AlertMessage;
    await pushAnswers([{ status: 429, retryAfter: 7 }, { status: 503 }, { status: 502 }]);
    const delays: (number | undefined)[] = [];
    for (const attempts of [1, 2, 3]) {
      const outcome = await deliverAlert(env.DB, getConfig(t.worker.env), {
        body,
        attempts,
        ack: () => delays.push(-1),
        retry: (options) => delays.push(options?.delaySeconds),
      });
      expect(outcome).toBe("retry");
    }
    expect(delays).toEqual([7, 60, 120]);
  });

  it("gives a push up after 5 attempts", async () => {
    await follow([{ type: "whale", event: base.eventSlug, minUsd: 50_000 }]);
    extraTrades.push(trade("0xgiveup", 70_000));
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    await pushAnswers([{ status: 500 }]);
    const { result } = await deliver(5);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toEqual(["m0"]);
  });

  it("polls a followed wallet's trades: a $15K trade (under the whale line) opens the trader page", async () => {
    const wallet = "0x00000000000000000000000000000000000a11ce";
    await follow([{ type: "wallet", wallet, minUsd: 10_000 }]);
    extraTrades.push(
      trade("0xwallet", 15_000, { proxyWallet: wallet, name: "alice" }),
      trade("0xtiny", 5_000, { proxyWallet: wallet }),
    );
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    expect(queue.sent).toHaveLength(1);
    expect(queue.sent[0]?.notification).toMatchObject({
      title: "alice traded $15K",
      url: `/trader/${wallet}`,
    });
    await deliver();
    expect((await pushState()).deliveries[0]?.payload.url).toBe(`/trader/${wallet}`);
  });

  it("a price move of at least the rule's points within an hour, against the recorded history", async () => {
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const stored = (await env.CACHE.get<StoredMarkets>(KV_KEYS.markets, "json")) as StoredMarkets;
    const market = (stored.markets ?? []).find(
      (m) => m.event && m.outcomes[0] && m.outcomes[0].price > 0.3 && m.outcomes[0].price < 0.7,
    );
    if (!market?.event) throw new Error("no market between 30¢ and 70¢ in the recorded snapshot");
    const event = market.event.slug;
    await follow([
      { type: "price_move", event, points: 20 },
      { type: "price_move", event, points: 5 },
    ]);
    // What was recorded an hour ago: the first outcome 25 points lower.
    const now = Math.floor(Date.now() / 1000);
    const hourAgo = now - (now % 600) - 3600;
    const price = market.outcomes[0]?.price ?? 0;
    await env.DB.prepare("UPDATE market_points SET t = ?, prices = ? WHERE market_id = ?")
      .bind(hourAgo, JSON.stringify([price - 0.25, 1 - price + 0.25]), market.id)
      .run();
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const moves = queue.sent.filter((m) => m.notification.tag === `move:${event}`);
    // Both rules match, each once (the first outcome up, the second down: one per rule, 15 minutes apart).
    expect(moves).toHaveLength(2);
    expect(moves[0]?.notification.title).toMatch(/(up|down) 25 points$/);
    expect(moves[0]?.notification.url).toBe(`/event/${event}`);
    await deliver();
    expect((await pushState()).deliveries).toHaveLength(2);
    // The next run, the same move: nothing new.
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    expect(queue.sent.filter((m) => m.notification.tag === `move:${event}`)).toHaveLength(0);
  });

  it("a change of our call on a followed event", async () => {
    const event = { id: "ev-1", slug: "fed-decision-in-december", title: "Fed decision in December?" };
    await follow([{ type: "call_change", event: event.slug }]);
    const now = Date.now();
    await insertCalls([
      {
        id: "c1",
        marketId: "m1",
        side: "buy_yes",
        priceAtCall: 0.4,
        calledMs: now - 3 * 3600_000,
        event,
        callOutcome: "Yes",
      },
      {
        id: "c2",
        marketId: "m1",
        side: "buy_no",
        priceAtCall: 0.6,
        calledMs: now - 60_000,
        event,
        callOutcome: "No",
      },
    ]);
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const calls = queue.sent.filter((m) => m.notification.tag === `call:${event.slug}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.notification).toMatchObject({
      title: `Our call changed: ${event.title}`,
      url: `/event/${event.slug}`,
    });
    expect(calls[0]?.notification.body).toContain("Buy No");
  });

  it("resolution: each state a followed event's market enters fires once; a repeat run fires nothing", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // The snapshot with the recorded markets in UMA's resolution: the US-Iran event's one market.
    upstreams.use(keysetHandler([...recordedMarkets, ...umaMarkets]));
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const event = "where-will-the-us-iran-meet";
    await follow([{ type: "resolution", event }]);
    /** `/v2/resolutions` answering each asked condition with one recorded row. */
    const answering = (row: Record<string, unknown>) =>
      upstreams.use(
        http.get(`${DATA}/v2/resolutions`, ({ request }) => {
          const asked = (new URL(request.url).searchParams.get("condition") ?? "").split(",");
          return HttpResponse.json({ data: asked.map((condition_id) => ({ ...row, condition_id })) });
        }),
      );
    let at = Date.now();
    const queued: AlertMessage[] = [];
    const minute = async () => {
      vi.setSystemTime(at);
      await t.worker.scheduled(WHALES_CRON, at);
      await t.worker.settle();
      return queue.sent.splice(0).filter((m) => m.notification.tag === `resolution:${event}`);
    };
    const [disputed, proposed] = v2Pending.data as Record<string, unknown>[];
    const steps: [Record<string, unknown> | undefined, string, string][] = [
      [
        proposed,
        "Answer proposed: Will the next official US-Iran meeting be in Oman?",
        "Proposed: Yes. Final at 19:50 UTC unless disputed.",
      ],
      [
        disputed,
        "Disputed: Will the next official US-Iran meeting be in Oman?",
        "The proposed answer was disputed: UMA's vote decides (48–72 hours).",
      ],
      [
        v2Resolved.data[0],
        "Resolved: Will the next official US-Iran meeting be in Oman?",
        "Final answer: Yes.",
      ],
    ];
    for (const [row, title, body] of steps) {
      answering(row ?? {});
      const sent = await minute();
      queued.push(...sent);
      expect(sent.map((m) => m.notification)).toEqual([
        { title, body, url: `/event/${event}`, tag: `resolution:${event}` },
      ]);
      // The next minute, the same state: nothing.
      at += 60_000;
      expect(await minute()).toEqual([]);
      // The rule's 15-minute gap (the same limit as every rule) before the next state.
      at += 15 * 60_000;
    }
    queue.sent.push(...queued);
    await deliver();
    expect((await pushState()).deliveries.map((d) => d.payload.title)).toEqual(
      steps.map(([, title]) => title),
    );
  });

  it(`queues at most ${ALERTS_PER_DAY} a day, and nothing without the VAPID keys`, async () => {
    const { id } = await follow([{ type: "whale", event: base.eventSlug, minUsd: 50_000 }]);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO alert_sent (subscription_id, dedupe_key, rule_key, sent_ms) SELECT ?, 'old' || i, 'r', ? FROM n`,
    )
      .bind(ALERTS_PER_DAY, id, Date.now() - 20 * 60_000)
      .run();
    extraTrades.push(trade("0xbudget", 70_000));
    await t.worker.scheduled(WHALES_CRON);
    await t.worker.settle();
    expect(queue.sent).toHaveLength(0);

    await env.DB.exec("DELETE FROM alert_sent;");
    const off = testWorker({ VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "", ALERTS: queue });
    await off.scheduled(WHALES_CRON);
    await off.settle();
    expect(queue.sent).toHaveLength(0);
  });
});
