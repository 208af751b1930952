/**
 * A market or event 404's data (decision 0050): the slug from the URL, cleaned and cut, read back only when it
 * is ours, and the words Polymarket's search is asked for.
 */
import { describe, expect, it } from "vitest";
import { missingPage, missingPageText, readMissingPage, slugWords } from "~/lib/not-found";

describe("a missing page's data", () => {
  it("keeps the slug as asked, without unseen characters, at most 200 characters", () => {
    expect(missingPage("market", "will-x-win")).toEqual({ missing: "market", slug: "will-x-win" });
    expect(missingPage("event", "\u202eevil\u0000\u200b").slug).toBe("evil");
    expect(missingPage("event", "a".repeat(500)).slug).toHaveLength(200);
  });

  it("is read back only from a market or event 404's data", () => {
    expect(readMissingPage({ missing: "event", slug: "x" })).toEqual({ missing: "event", slug: "x" });
    for (const other of [
      null,
      "Unknown range",
      { missing: "trader", slug: "x" },
      { missing: "market", slug: "" },
    ])
      expect(readMissingPage(other)).toBeNull();
  });

  it("names the slug and searches Polymarket for its words, encoded as one parameter", () => {
    expect(slugWords("will-x_win--2026")).toBe("will x win 2026");
    expect(missingPageText({ missing: "market", slug: 'a&b"<c>#d' })).toEqual({
      sentence: 'We couldn’t find the market “a&b"<c>#d”.',
      linkText: 'Search Polymarket for “a&b"<c>#d”',
      href: "https://polymarket.com/search?q=a%26b%22%3Cc%3E%23d",
    });
  });
});
