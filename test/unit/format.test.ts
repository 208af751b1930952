import { describe, expect, it } from "vitest";
import {
  formatAge,
  formatCents,
  formatCentsPair,
  formatClockUtc,
  formatDate,
  formatDuration,
  formatLatency,
  formatMoment,
  formatMoney,
  formatNumber,
  formatShare,
  formatSigned,
} from "~/lib/format";

describe("formatMoney: one compact money format everywhere (decision 0011)", () => {
  it.each([
    [1_100_779.9, "$1.1M"],
    [1_000_000, "$1M"],
    [25_400_000, "$25.4M"],
    [140_912_345, "$140.9M"],
    [2_300_000_000, "$2.3B"],
    [999_999, "$1M"],
    [350_000, "$350K"],
    [77_300, "$77.3K"],
    [1_000, "$1K"],
    [999, "$999"],
    [0, "$0"],
    [-5, "$0"],
    [Number.NaN, "$0"],
  ])("%d → %s", (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

describe("dates", () => {
  it("formats a calendar date in UTC, from a time or a date-only string", () => {
    expect(formatDate("2026-12-31T23:30:00Z")).toBe("Dec 31, 2026");
    expect(formatDate("2024-12-18")).toBe("Dec 18, 2024");
    expect(formatDate("nope")).toBe("unknown");
  });

  it("says a moment as short as is clear", () => {
    const at = Date.UTC(2026, 10, 22, 9, 5);
    expect(formatMoment(at, Date.UTC(2026, 10, 22, 23, 59))).toBe("09:05 UTC");
    expect(formatMoment(at, Date.UTC(2026, 10, 23, 0, 0))).toBe("Nov 22, 09:05 UTC");
    expect(formatMoment(Date.UTC(2025, 11, 31, 23, 59), Date.UTC(2026, 0, 1, 0, 1))).toBe(
      "Dec 31, 2025, 23:59 UTC",
    );
    expect(formatMoment(Number.NaN, at)).toBe("unknown");
  });
});

describe("formatCentsPair: both sides of a market as shown add up to 100¢", () => {
  // Edges given as probabilities, as Polymarket quotes them; the cards hold percents.
  it.each([
    [0, "0¢", "100¢"],
    [0.004, "<1¢", ">99¢"],
    [0.005, "1¢", "99¢"],
    [0.058, "6¢", "94¢"],
    [1 / 3, "33¢", "67¢"],
    [0.5, "50¢", "50¢"],
    [0.505, "51¢", "49¢"],
    [2 / 3, "67¢", "33¢"],
    [0.895, "90¢", "10¢"],
    [0.994, "99¢", "1¢"],
    [0.995, ">99¢", "<1¢"],
    [0.996, ">99¢", "<1¢"],
    [0.9999, ">99¢", "<1¢"],
    [1, "100¢", "0¢"],
  ])("%d → %s / %s", (probability, first, second) => {
    expect(formatCentsPair(probability * 100)).toEqual({ first, second });
  });

  it("sums to 100 for every price in tenths of a cent; '<1¢' always pairs with '>99¢'", () => {
    for (let tenths = 0; tenths <= 1000; tenths++) {
      const { first, second } = formatCentsPair(tenths / 10);
      if (/[<>]/.test(first)) {
        expect([first, second].sort()).toEqual(["<1¢", ">99¢"]);
      } else {
        expect(Number.parseInt(first, 10) + Number.parseInt(second, 10)).toBe(100);
      }
    }
  });

  it("formatCents is the first side, so a lone price reads as it does on a card", () => {
    expect(formatCents(99.7)).toBe(">99¢");
    expect(formatCents(99.4)).toBe("99¢");
    expect(formatCents(89.5)).toBe("90¢");
    expect(formatCents(0.5)).toBe("1¢");
    expect(formatCents(Number.NaN)).toBe("–");
  });
});

describe("other formats", () => {
  it("shows prices in cents", () => {
    expect(formatCents(5.8)).toBe("6¢");
    expect(formatCents(94.2)).toBe("94¢");
    expect(formatCents(0.2)).toBe("<1¢");
    expect(formatCents(0)).toBe("0¢");
    expect(formatCents(100)).toBe("100¢");
  });

  it("formats numbers for the en-US locale", () => {
    expect(formatNumber(70076)).toBe("70,076");
    expect(formatNumber(1234567.4)).toBe("1,234,567");
  });

  it("signs scores", () => {
    expect(formatSigned(45)).toBe("+45");
    expect(formatSigned(-38)).toBe("-38");
    expect(formatSigned(0)).toBe("0");
  });

  it("rounds shares to whole percents", () => {
    expect(formatShare(5, 100)).toBe("5%");
    expect(formatShare(1, 3)).toBe("33%");
    expect(formatShare(0, 0)).toBe("0%");
  });

  it("says how old a time is", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(formatAge("2026-11-22T11:59:30Z", now)).toBe("just now");
    expect(formatAge("2026-11-22T11:55:00Z", now)).toBe("5 min ago");
    expect(formatAge("2026-11-22T09:00:00Z", now)).toBe("3 h ago");
    expect(formatAge("2026-11-19T12:00:00Z", now)).toBe("3 days ago");
    expect(formatAge("not a date", now)).toBe("unknown");
  });

  it("gives the same UTC clock time everywhere", () => {
    expect(formatClockUtc("2026-11-22T14:05:59Z")).toBe("14:05 UTC");
    expect(formatClockUtc("nope")).toBe("unknown");
  });
});

describe("formatDuration and formatLatency (status page)", () => {
  it.each([
    [0, "under 1 min"],
    [59_000, "under 1 min"],
    [25 * 60_000, "25 min"],
    [60 * 60_000, "1 h"],
    [70 * 60_000, "1 h 10 min"],
    [47 * 3_600_000, "47 h"],
    [50 * 3_600_000, "2 d 2 h"],
    [72 * 3_600_000, "3 d"],
    [-5, "under 1 min"],
  ])("%d ms → %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [410, "410 ms"],
    [999.4, "999 ms"],
    [999.6, "1.0 s"],
    [1840, "1.8 s"],
  ])("%d ms → %s", (ms, text) => {
    expect(formatLatency(ms)).toBe(text);
  });
});
