import { describe, expect, it } from "vitest";
import { SEARCH_MAX_LENGTH } from "~/lib/search";
import {
  parseSuggestions,
  SUGGESTION_LIMIT,
  suggestionCountText,
  suggestionsUrl,
} from "~/lib/search-suggestions";
import { recordedEvents } from "../e2e/recorded-events";

/** A `GET /api/v1/search` body holding these cards (AnyEvent: the card's fields, no forecast for most). */
const answer = (events: unknown[], note: string | null = null) => ({
  source: note ? "snapshot" : "index",
  note,
  events,
  nextCursor: null,
});
const anyEvents = recordedEvents.map((e) => ({ ...e, forecast: null, mentions: null }));

describe("suggestionsUrl", () => {
  it("asks for the text as typed (a trailing space ends the word), six at most", () => {
    expect(suggestionsUrl("fed ")).toBe("/api/v1/search?q=fed+&limit=6");
    expect(suggestionsUrl('"NEAR" & *')).toBe("/api/v1/search?q=%22NEAR%22+%26+*&limit=6");
  });

  it("asks nothing for blank text", () => {
    expect(suggestionsUrl("")).toBeNull();
    expect(suggestionsUrl("  \t")).toBeNull();
  });

  it("cuts the text at the API's limit", () => {
    const url = suggestionsUrl("x".repeat(SEARCH_MAX_LENGTH + 50));
    expect(new URL(url ?? "", "https://o.example").searchParams.get("q")).toBe("x".repeat(SEARCH_MAX_LENGTH));
  });
});

describe("parseSuggestions", () => {
  it("reads each event's title, page and leading outcome, the first six", () => {
    expect(anyEvents.length).toBeGreaterThan(SUGGESTION_LIMIT);
    const parsed = parseSuggestions(answer(anyEvents));
    expect(parsed?.note).toBeNull();
    expect(parsed?.suggestions).toEqual(
      anyEvents.slice(0, SUGGESTION_LIMIT).map((e) => ({
        title: e.title,
        href: e.href,
        outcome: { label: e.outcomes[0]?.label, price: e.outcomes[0]?.price },
      })),
    );
    expect(parsed?.suggestions[0]?.href).toMatch(/^\/(event|market)\//);
  });

  it("keeps the API's note on a snapshot answer", () => {
    const note = "Searching the 100 busiest events only: the index of every open event is still being built.";
    expect(parseSuggestions(answer([], note))).toEqual({ suggestions: [], note });
  });

  it("leaves out events it cannot show or open, and a page offered twice", () => {
    const good = { title: "Fed decision in December?", href: "/event/fed-december", outcomes: [] };
    const parsed = parseSuggestions(
      answer([
        good,
        { ...good, title: "Twice" },
        { title: "Off-site", href: "https://evil.example/x", outcomes: [] },
        { title: "Protocol-relative", href: "//evil.example/x", outcomes: [] },
        { title: "Backslash", href: "/\\evil.example", outcomes: [] },
        { title: 42, href: "/event/n" },
        null,
        { title: "Bad outcome", href: "/event/b", outcomes: [{ label: "Yes", price: "63" }] },
      ]),
    );
    expect(parsed?.suggestions).toEqual([
      { title: "Fed decision in December?", href: "/event/fed-december", outcome: null },
      { title: "Bad outcome", href: "/event/b", outcome: null },
    ]);
  });

  it.each([
    ["null", null],
    ["an error body", { error: { code: "rate_limited", message: "Too many requests" } }],
    ["events not a list", { events: {} }],
    ["text", "events"],
  ])("refuses %s", (_, body) => {
    expect(parseSuggestions(body)).toBeNull();
  });
});

describe("the outcome a suggestion shows", () => {
  // A multi-outcome event of the recording: the leader, and a candidate further down.
  const netherlands = anyEvents.find((e) => e.title === "Next Prime Minister of the Netherlands");
  const [leader, , other] = netherlands?.outcomes ?? [];

  it("is the outcome the search named, with that outcome's own price, never the leader's", () => {
    expect(leader && other && leader.price !== other.price).toBe(true);
    const parsed = parseSuggestions(answer([{ ...netherlands, matchedOutcome: other }]));
    expect(parsed?.suggestions[0]?.outcome).toEqual({ label: other?.label, price: other?.price });
  });

  it("is the leading outcome when the search named none (the title matched), or named one unreadably", () => {
    const named = (matchedOutcome: unknown) =>
      parseSuggestions(answer([{ ...netherlands, matchedOutcome }]))?.suggestions[0]?.outcome;
    const leading = { label: leader?.label, price: leader?.price };
    expect(named(null)).toEqual(leading);
    expect(named(undefined)).toEqual(leading);
    // Never a label of one outcome with the price of another.
    expect(named({ label: other?.label })).toEqual(leading);
    expect(named({ label: other?.label, price: "12" })).toEqual(leading);
  });
});

describe("suggestionCountText", () => {
  it.each([
    [0, "No suggestions"],
    [1, "1 suggestion"],
    [6, "6 suggestions"],
  ])("%i → %s", (count, text) => {
    expect(suggestionCountText(count)).toBe(text);
  });
});
