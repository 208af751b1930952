import { describe, expect, it } from "vitest";
import {
  formatAge,
  formatCents,
  formatClockUtc,
  formatMillions,
  formatNumber,
  formatShare,
  formatSigned,
  formatVolume,
} from "~/lib/format";

describe("formatVolume (SPEC §9)", () => {
  it.each([
    [1_100_779.9, "$1.1M"],
    [1_000_000, "$1.0M"],
    [25_400_000, "$25.4M"],
    [999_999, "$1000k"],
    [506_123, "$506k"],
    [1_000, "$1k"],
    [999, "$999"],
    [0, "$0"],
    [-5, "$0"],
    [Number.NaN, "$0"],
  ])("%d → %s", (value, expected) => {
    expect(formatVolume(value)).toBe(expected);
  });
});

describe("other formats", () => {
  it("shows total volume in millions with one decimal", () => {
    expect(formatMillions(140_912_345)).toBe("$140.9M");
    expect(formatMillions(0)).toBe("$0.0M");
  });

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
