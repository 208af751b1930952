/**
 * Polymarket CLOB client: an outcome token's price history (`GET /prices-history`) and the top of its
 * order book (`POST /books`, up to 20 tokens a request).
 */
import * as v from "valibot";
import { UpstreamError } from "../http";
import { getPolymarketJson, type PolymarketOptions, postPolymarketJson } from "./request";

/** The CLOB's history windows the market page asks for. */
export type HistoryInterval = "1d" | "1w" | "1m" | "max";

/** One price of an outcome token: epoch seconds and a probability 0..1. */
export interface TokenPrice {
  t: number;
  p: number;
}

/** CLOB token ids are long decimal numbers; anything else is never sent upstream. */
const TOKEN_ID = /^\d{1,100}$/;

export function isTokenId(value: string): boolean {
  return TOKEN_ID.test(value);
}

const HistorySchema = v.object({
  history: v.array(v.unknown()),
});

const PointSchema = v.object({
  t: v.pipe(v.number(), v.finite(), v.minValue(0)),
  p: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1)),
});

/**
 * Parses a `{ history: [{ t, p }] }` payload: points with a finite time and a price in 0..1, oldest
 * first, one per second (the last of duplicates wins). Throws UpstreamError kind "shape" otherwise.
 */
export function parsePriceHistory(json: unknown): TokenPrice[] {
  const parsed = v.safeParse(HistorySchema, json);
  if (!parsed.success) {
    throw new UpstreamError("clob", "shape", "Invalid response structure - no history array");
  }
  const bySecond = new Map<number, number>();
  for (const item of parsed.output.history) {
    const point = v.safeParse(PointSchema, item);
    if (point.success) bySecond.set(Math.floor(point.output.t), point.output.p);
  }
  return [...bySecond].map(([t, p]) => ({ t, p })).sort((a, b) => a.t - b.t);
}

/**
 * An outcome token's price history from the CLOB: `interval` back from now, one point per `fidelity`
 * minutes. Throws UpstreamError (kind "shape" for a malformed token id, without a request).
 */
export async function fetchPriceHistory(
  tokenId: string,
  interval: HistoryInterval,
  fidelityMinutes: number,
  opts: PolymarketOptions,
): Promise<TokenPrice[]> {
  if (!isTokenId(tokenId)) throw new UpstreamError("clob", "shape", "Invalid token id");
  const query = new URLSearchParams({ market: tokenId, interval, fidelity: String(fidelityMinutes) });
  return parsePriceHistory(
    await getPolymarketJson("clob", `/prices-history?${query}`, (status) => `API error: ${status}`, opts),
  );
}

/** The top of an outcome token's order book: the highest bid and lowest ask (0..1), null when a side is empty. */
export interface BookTop {
  tokenId: string;
  bestBid: number | null;
  bestAsk: number | null;
}

/** Tokens per `POST /books` request (the CLOB's limit). */
export const BOOKS_PER_REQUEST = 20;

const BookSchema = v.object({
  asset_id: v.union([v.string(), v.pipe(v.number(), v.transform(String))]),
  bids: v.fallback(v.array(v.unknown()), []),
  asks: v.fallback(v.array(v.unknown()), []),
});

/** A level's price as sent (a decimal string, sometimes a number); anything else, or outside 0..1, is no price. */
function levelPrice(level: unknown): number | null {
  const raw = (level as { price?: unknown } | null)?.price;
  const price =
    typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  return Number.isFinite(price) && price >= 0 && price <= 1 ? price : null;
}

function best(levels: readonly unknown[], pick: (a: number, b: number) => number): number | null {
  const prices = levels.flatMap((level) => {
    const price = levelPrice(level);
    return price === null ? [] : [price];
  });
  return prices.length === 0 ? null : prices.reduce((a, b) => pick(a, b));
}

/**
 * Parses a `POST /books` answer (an array of books shaped like `GET /book`'s): each readable book's best
 * bid (the highest bid price) and best ask (the lowest ask price), whatever order the levels come in; an
 * unreadable book or level is skipped. Throws UpstreamError kind "shape" when the answer is not an array.
 */
export function parseBooks(json: unknown): BookTop[] {
  if (!Array.isArray(json))
    throw new UpstreamError("clob", "shape", "Invalid response structure - no books array");
  return json.flatMap((item) => {
    const book = v.safeParse(BookSchema, item);
    if (!book.success || !isTokenId(book.output.asset_id)) return [];
    return [
      {
        tokenId: book.output.asset_id,
        bestBid: best(book.output.bids, Math.max),
        bestAsk: best(book.output.asks, Math.min),
      },
    ];
  });
}

/**
 * The top of each token's order book, `BOOKS_PER_REQUEST` tokens a request (all requests at once); a token
 * id that is not one is never sent, and one the CLOB does not answer for is absent. Throws UpstreamError.
 */
export async function fetchBooks(tokenIds: readonly string[], opts: PolymarketOptions): Promise<BookTop[]> {
  const tokens = [...new Set(tokenIds.filter(isTokenId))];
  const batches: string[][] = [];
  for (let i = 0; i < tokens.length; i += BOOKS_PER_REQUEST)
    batches.push(tokens.slice(i, i + BOOKS_PER_REQUEST));
  const answers = await Promise.all(
    batches.map(async (batch) =>
      parseBooks(
        await postPolymarketJson(
          "clob",
          "/books",
          batch.map((token_id) => ({ token_id })),
          (status) => `API error: ${status}`,
          opts,
        ),
      ),
    ),
  );
  return answers.flat();
}
