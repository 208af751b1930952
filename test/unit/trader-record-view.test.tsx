/**
 * The Record section rendered on its own (renderToString): the branch no recorded wallet reaches (positions,
 * but none won or lost), and a stale answer still saying when it was read.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TraderRecordSection } from "~/components/trader/trader-record";
import { ok } from "~/lib/section";
import { traderRecord } from "~/lib/trader-record";

const NOW = Date.parse("2026-11-27T12:00:00Z");
const SOURCE = { api: "v2" as const, asOf: "2026-11-27T11:58:00.000Z", complete: true, stale: true };

describe("the Record section", () => {
  it("positions that were neither won nor lost: no win rate, their PnL and category still shown", () => {
    const record = traderRecord(
      [
        { list: "CLOSED", tokenId: "a", title: "Bitcoin above $100K?", eventSlug: "", finalPrice: 0, pnl: 0 },
        { list: "REDEEMABLE", tokenId: "b", title: "Bitcoin up?", eventSlug: "", finalPrice: 0.5, pnl: 120 },
      ],
      () => "crypto",
      SOURCE,
    );
    const html = renderToString(<TraderRecordSection record={ok(record)} now={NOW} />);
    expect(html).toMatch(/data-testid="record-win-rate"[^>]*>None won or lost</);
    expect(html).toMatch(/data-testid="record-crypto".*?Crypto<\/th>.*?>2<.*?>0 \/ 0<.*?\+\$120</s);
    expect(html).toContain("Source: Polymarket Data API (positions), as of 11:58 UTC.");
    expect(html).toContain("2 positions, resolved or closed.");
  });
});
