/**
 * Driving a fixture server's mock CLOB market channel from a browser test (test/support/clob-ws.ts): its
 * controls, waiting until the live hub follows a token, and a `price_change` to a price.
 */
import { expect } from "vitest";

/** Posts one control action (`send`, `drop`, `refuse?on=1`…) to the fixture server at `fixtures`. */
export async function clob(fixtures: string, action: string, body?: unknown): Promise<void> {
  const res = await fetch(`${fixtures}/__clob-ws/${action}`, {
    method: "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, action).toBe(true);
}

async function followedAssets(fixtures: string): Promise<string[]> {
  const res = await fetch(`${fixtures}/__clob-ws/state`);
  return ((await res.json()) as { assets: string[] }).assets;
}

/** Waits until the hub has subscribed the mock channel to `token`. */
export async function untilFollowed(token: string, fixtures: string): Promise<void> {
  await expect.poll(() => followedAssets(fixtures), { timeout: 20_000, interval: 250 }).toContain(token);
}

/** An upstream `price_change` moving a token's book to `cents` ± 1¢ (Polymarket shows the midpoint). */
export function priceChange(token: string, cents: number, fixtures: string): Promise<void> {
  return clob(fixtures, "send", {
    event_type: "price_change",
    market: `0x${"1".repeat(64)}`,
    timestamp: String(Date.now()),
    price_changes: [
      {
        asset_id: token,
        price: ((cents - 1) / 100).toFixed(2),
        size: "120",
        side: "BUY",
        hash: "0".repeat(40),
        best_bid: ((cents - 1) / 100).toFixed(2),
        best_ask: ((cents + 1) / 100).toFixed(2),
      },
    ],
  });
}
