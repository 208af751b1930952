/**
 * The outcome a search names (decision 0050): matched against each outcome's label as the index matches
 * text (whole words, the last one a prefix while typed, case and diacritics folded); the label holding
 * the most terms wins, the dearest among equals; none when no label holds a term.
 */
import { describe, expect, it } from "vitest";
import { matchedOutcome } from "~/.server/search/matched-outcome";

/** An election's candidates, dearest first (percent). */
const CANDIDATES = [
  { label: "Rob Jetten", price: 99.3 },
  { label: "Dilan Yeşilgöz-Zegerius", price: 0.2 },
  { label: "Frans Timmermans", price: 0.2 },
  { label: "Luna Jetten", price: 0.1 },
];
const named = (q: string) => matchedOutcome(q, CANDIDATES)?.label ?? null;

describe("matchedOutcome", () => {
  it("names the candidate the words name, not the leader", () => {
    expect(named("timmermans")).toBe("Frans Timmermans");
    expect(named("luna")).toBe("Luna Jetten");
    expect(named("Frans")).toBe("Frans Timmermans");
  });

  it("reads the last word as a prefix while it is typed, a finished word whole", () => {
    expect(named("timm")).toBe("Frans Timmermans");
    expect(named("timm ")).toBeNull();
    expect(named("lun")).toBe("Luna Jetten");
  });

  it("folds case and diacritics as the index does", () => {
    expect(named("YESILGOZ")).toBe("Dilan Yeşilgöz-Zegerius");
    expect(named("zegerius")).toBe("Dilan Yeşilgöz-Zegerius");
  });

  it("prefers the label holding more of the words; among equals the first given (the dearest)", () => {
    expect(named("jetten")).toBe("Rob Jetten");
    expect(named("luna jetten")).toBe("Luna Jetten");
    expect(named("election jetten luna")).toBe("Luna Jetten");
  });

  it("names none when no label holds a word, or there is no word", () => {
    expect(named("netherlands prime minister")).toBeNull();
    expect(named("")).toBeNull();
    expect(named(" ,;* ")).toBeNull();
    expect(matchedOutcome("luna", [])).toBeNull();
  });

  it("returns the outcome given, so its label and price stay together", () => {
    const luna = CANDIDATES[3];
    expect(matchedOutcome("luna", CANDIDATES)).toBe(luna);
  });
});
