/**
 * Upstream text is cleaned once, where each client parses its response (decision 0024): `cleanText`
 * over each class of character, then each client on a recorded payload with a NUL, U+0085 (a C1
 * control) and lone surrogates injected into its text. The CLOB and X clients return only numbers
 * (prices, counts), so they have no text to clean.
 */
import { describe, expect, it } from "vitest";
import { parseHoldersPayload, parseTradesPayload } from "~/.server/polymarket/data-api";
import { fetchEventBySlug } from "~/.server/polymarket/gamma";
import { parseMarketsPayload } from "~/.server/polymarket/gamma-markets";
import { parseLeaderboard } from "~/.server/polymarket/leaderboard";
import { parsePositions } from "~/.server/polymarket/traders";
import { analyseBatch } from "~/.server/sentiment/llm-client";
import { cleanText } from "~/lib/clean-text";
import { readFixture } from "../support/fixtures";
import { makeEvent, makeMarket } from "../support/markets";

const CONTEXT = { today: "2026-11-22", mentions: new Map<string, number>() };

describe("cleanText", () => {
  const code = (n: number) => String.fromCharCode(n);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => code(from + i));

  it("removes C0 controls but tab and newlines", () => {
    for (const ch of [...range(0x00, 0x08), "\u000B", "\u000C", ...range(0x0e, 0x1f)]) {
      expect(cleanText(`a${ch}b`), `U+${ch.charCodeAt(0).toString(16)}`).toBe("ab");
    }
  });

  it("removes DEL and the C1 controls (U+007F–U+009F), U+0085 included", () => {
    for (const ch of range(0x7f, 0x9f)) {
      expect(cleanText(`a${ch}b`), `U+${ch.charCodeAt(0).toString(16)}`).toBe("ab");
    }
  });

  it("removes the noncharacters U+FFFE and U+FFFF", () => {
    expect(cleanText("a\uFFFEb\uFFFFc")).toBe("abc");
  });

  it("removes lone surrogates, high or low, wherever they stand", () => {
    expect(cleanText("\uD800a")).toBe("a");
    expect(cleanText("a\uD800")).toBe("a");
    expect(cleanText("a\uDC00b")).toBe("ab");
    expect(cleanText("\uDFFF")).toBe("");
    // Two highs then a low: the first high is alone, the second pairs with the low.
    expect(cleanText("\uD83D\uD83D\uDE00")).toBe("😀");
    // A low then a high: both alone.
    expect(cleanText("x\uDE00\uD83Dy")).toBe("xy");
  });

  it("keeps tab, newlines, accents, CJK, emoji and other astral characters", () => {
    const kept = "Café\tnaïve\nZürich\r\n東京 2028 🇺🇸 👍🏽 👩‍👩‍👧 𝔘 ½ € — “quoted” \u00A0nbsp \u200Bzwsp";
    expect(cleanText(kept)).toBe(kept);
  });
});

/** Dirt put into a text: a NUL first, U+0085 inside, a lone high and a lone low surrogate at the end. */
function dirty(text: string): string {
  const chars = Array.from(text);
  const middle = Math.floor(chars.length / 2);
  // Low before high: neither is half of a pair.
  return `\u0000${chars.slice(0, middle).join("")}\u0085${chars.slice(middle).join("")}\uDC00\uD800`;
}

describe("each client returns clean text", () => {
  it("dirty() really is dirty: cleaning gives back the text", () => {
    expect(dirty("Will it rain?")).not.toBe("Will it rain?");
    expect(cleanText(dirty("Will it rain?"))).toBe("Will it rain?");
  });

  it("Gamma markets: question, description, outcome labels", () => {
    const [first, ...rest] = readFixture<Record<string, unknown>[]>(
      "polymarket/gamma-markets-active-100.json",
    );
    if (!first) throw new Error("no market");
    const clean = parseMarketsPayload([first])[0];
    const outcomes = JSON.parse(String(first.outcomes)) as string[];
    const markets = parseMarketsPayload([
      {
        ...first,
        question: dirty(String(first.question)),
        description: dirty(String(first.description)),
        outcomes: JSON.stringify(outcomes.map(dirty)),
      },
      ...rest,
    ]);
    expect(markets[0]?.title).toBe(clean?.title);
    expect(markets[0]?.description).toBe(clean?.description);
    expect(markets[0]?.yesLabel).toBe(clean?.yesLabel);
    expect(markets[0]?.noLabel).toBe(clean?.noLabel);
    expect(markets[0]?.outcomes.map((o) => o.label)).toEqual(outcomes);
  });

  it("Gamma events: the event's title and its markets' questions", async () => {
    const [market] = readFixture<Record<string, unknown>[]>("polymarket/gamma-markets-active-100.json");
    const body = {
      id: "1",
      slug: "an-event",
      title: dirty("An event"),
      markets: [{ ...market, question: dirty("Q?") }],
    };
    const fetch: typeof globalThis.fetch = async () =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    const event = await fetchEventBySlug("an-event", {
      baseUrl: "https://gamma.unit",
      fetch,
      timeoutMs: 100,
      retries: 0,
      retryBaseMs: 1,
    });
    expect(event?.title).toBe("An event");
    expect(event?.markets[0]?.title).toBe("Q?");
  });

  it("Data API trades: title, outcome label and the trader's pseudonym", () => {
    const rows = readFixture<Record<string, unknown>[]>("polymarket/data-trades-large-a.json");
    const row = rows.find((r) => String(r.pseudonym) !== "");
    if (!row) throw new Error("no row with a pseudonym");
    const [clean] = parseTradesPayload([row], 0);
    expect(clean?.trader.name).toBeTruthy();
    const [trade] = parseTradesPayload(
      [
        {
          ...row,
          title: dirty(String(row.title)),
          outcome: dirty(String(row.outcome)),
          pseudonym: dirty(String(row.pseudonym)),
        },
      ],
      0,
    );
    expect(trade?.title).toBe(clean?.title);
    expect(trade?.outcomeLabel).toBe(clean?.outcomeLabel);
    expect(trade?.outcome).toBe(clean?.outcome);
    expect(trade?.trader.name).toBe(clean?.trader.name);
    expect(trade?.id).toBe(clean?.id);
  });

  it("Data API holders: the holder's name", () => {
    const [token] = parseHoldersPayload([
      {
        token: "123",
        holders: [{ proxyWallet: "0xabc", name: dirty("Big-Whale"), amount: 10, outcomeIndex: 0 }],
      },
    ]);
    expect(token?.holders[0]?.name).toBe("Big-Whale");
  });

  it("Data API positions: title and outcome", () => {
    const rows = readFixture<Record<string, unknown>[]>("polymarket/data-positions-2.json");
    const clean = parsePositions(rows);
    const positions = parsePositions(
      rows.map((r) => ({ ...r, title: dirty(String(r.title)), outcome: dirty(String(r.outcome)) })),
    );
    expect(positions.map((p) => [p.title, p.outcome])).toEqual(clean.map((p) => [p.title, p.outcome]));
    expect(positions.length).toBeGreaterThan(0);
  });

  it("the leaderboard: user names", () => {
    const rows = readFixture<Record<string, unknown>[]>("polymarket/data-leaderboard-month-pnl-50.json");
    const clean = parseLeaderboard(rows);
    const board = parseLeaderboard(rows.map((r) => ({ ...r, userName: dirty(String(r.userName)) })));
    expect(board.map((t) => t.name)).toEqual(clean.map((t) => t.name));
    expect(board.filter((t) => t.name !== null).length).toBeGreaterThan(0);
  });

  it("the model: its reasoning", async () => {
    const content = JSON.stringify({
      forecasts: [
        {
          eventId: "a",
          probabilities: [{ outcome: "Yes", probability: 0.6 }],
          callOutcome: "Yes",
          callSide: "buy_yes",
          confidence: 70,
          reasoning: dirty("Polls moved 🇺🇸 toward Yes."),
        },
      ],
    });
    const fetch: typeof globalThis.fetch = async () =>
      new Response(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }), {
        headers: { "content-type": "application/json" },
      });
    const [analysis] = await analyseBatch([makeEvent("a", [makeMarket({ id: "m" })])], CONTEXT, {
      baseUrl: "https://llm.unit/v1",
      apiKey: "k",
      model: "m",
      fetch,
      timeoutMs: 100,
      batchSize: 10,
    });
    expect(analysis?.reasoning).toBe("Polls moved 🇺🇸 toward Yes.");
  });
});
