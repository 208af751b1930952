/** Polymarket CLOB client: an outcome token's price history (`GET /prices-history`). */
import * as v from "valibot";
import { UpstreamError } from "../http";
import { getPolymarketJson, type PolymarketOptions } from "./request";

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
