import { describe, expect, it } from "vitest";
import {
  formatAge,
  formatClockUtc,
  formatDate,
  formatDuration,
  formatLatency,
  formatMoment,
  formatMoney,
  formatNumber,
  formatPrice,
  formatPricePair,
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

describe("formatPricePair: one price format; both sides as shown add up to 100¢", () => {
  it.each([
    [0, "0¢", "100¢"],
    [0.0004, "<0.1¢", ">99.9¢"],
    [0.0005, "0.1¢", "99.9¢"],
    [0.004, "0.4¢", "99.6¢"],
    [0.058, "5.8¢", "94.2¢"],
    [1 / 3, "33.3¢", "66.7¢"],
    // The market the trader saw as "Yes 34¢ / No 67¢" (101¢): a market at 33.5 / 66.5.
    [0.335, "33.5¢", "66.5¢"],
    [0.34, "34¢", "66¢"],
    [0.5, "50¢", "50¢"],
    [0.505, "50.5¢", "49.5¢"],
    [2 / 3, "66.7¢", "33.3¢"],
    [0.9995, ">99.9¢", "<0.1¢"],
    [0.99949, "99.9¢", "0.1¢"],
    [1, "100¢", "0¢"],
    [Number.NaN, "–", "–"],
  ])("%s → %s / %s", (probability, first, second) => {
    expect(formatPricePair(probability)).toEqual({ first, second });
  });

  it("absorbs float noise before rounding: 0.285 is 28.5¢, 1 − 0.715 too", () => {
    expect(formatPrice(0.285)).toBe("28.5¢");
    expect(formatPrice(1 - 0.715)).toBe("28.5¢");
    expect(formatPrice(0.14499999999999)).toBe("14.5¢");
  });

  it("sums to 100 for every price in hundredths of a cent; '<0.1¢' always pairs with '>99.9¢'", () => {
    for (let hundredths = 0; hundredths <= 10_000; hundredths++) {
      const { first, second } = formatPricePair(hundredths / 10_000);
      if (/[<>]/.test(first)) {
        expect([first, second].sort()).toEqual(["<0.1¢", ">99.9¢"]);
      } else {
        expect(Number.parseFloat(first) + Number.parseFloat(second)).toBeCloseTo(100, 9);
      }
    }
  });

  it("formatPrice is the first side, so a lone price reads as it does on a card", () => {
    expect(formatPrice(0.997)).toBe("99.7¢");
    expect(formatPrice(0.994)).toBe("99.4¢");
    expect(formatPrice(0.895)).toBe("89.5¢");
    expect(formatPrice(0.14)).toBe("14¢");
    expect(formatPrice(Number.NaN)).toBe("–");
  });
});

describe("other formats", () => {
  it("shows prices in cents, the tenth only where it is not a whole cent", () => {
    expect(formatPrice(0.058)).toBe("5.8¢");
    expect(formatPrice(0.94)).toBe("94¢");
    expect(formatPrice(0.0002)).toBe("<0.1¢");
    expect(formatPrice(0)).toBe("0¢");
    expect(formatPrice(1)).toBe("100¢");
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
