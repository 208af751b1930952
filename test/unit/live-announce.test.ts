/** What the live region says (decision 0041): a summary of what changed, never more than once per 10 s. */
import { describe, expect, it } from "vitest";
import {
  announceDelay,
  announcementText,
  LIVE_ANNOUNCE_EVERY_MS,
  LIVE_ANNOUNCE_GATHER_MS,
} from "~/lib/live-announce";

describe("announcementText", () => {
  it("names the latest three changes of each kind, newest first, and counts the rest", () => {
    expect(announcementText([{ kind: "price", text: "Rain tomorrow? Yes 43¢" }])).toBe(
      "Prices updated live: Rain tomorrow? Yes 43¢.",
    );
    const prices = ["A Yes 1¢", "B Yes 2¢", "C Yes 3¢", "D Yes 4¢", "E Yes 5¢"].map((text) => ({
      kind: "price" as const,
      text,
    }));
    expect(announcementText(prices)).toBe("Prices updated live: E Yes 5¢; D Yes 4¢; C Yes 3¢; and 2 more.");
  });

  it("says resolutions first, then prices, then trades", () => {
    expect(
      announcementText([
        { kind: "trade", text: "Bought $120K of Yes on Rain tomorrow?" },
        { kind: "price", text: "Rain tomorrow? Yes 43¢" },
        { kind: "resolved", text: "Snow today? (No)" },
      ]),
    ).toBe(
      "Resolved: Snow today? (No). Prices updated live: Rain tomorrow? Yes 43¢. New large trades: Bought $120K of Yes on Rain tomorrow?.",
    );
  });

  it("is empty when nothing is pending", () => {
    expect(announcementText([])).toBe("");
  });
});

describe("announceDelay", () => {
  it("gathers a burst first, then keeps 10 s between announcements", () => {
    expect(announceDelay(50_000, null)).toBe(LIVE_ANNOUNCE_GATHER_MS);
    expect(announceDelay(50_000, 49_000)).toBe(LIVE_ANNOUNCE_EVERY_MS - 1_000);
    expect(announceDelay(50_000, 50_000 - LIVE_ANNOUNCE_EVERY_MS - 5_000)).toBe(LIVE_ANNOUNCE_GATHER_MS);
  });
});
