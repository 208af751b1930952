/**
 * The fresh-wallet radar, pure: what insider trackers flag on a big trade, scored 0–100 with its reasons in
 * words. A young wallet, one that has traded few markets, a trade that is most of the wallet's volume, and a
 * long-shot buy each add points; a fact the upstream did not give adds none (never guessed).
 */
import { formatPrice } from "./format";
import type { WhaleRadar, WhaleTrade } from "./types";

/** A whale card is flagged "fresh wallet" (and kept by the filter) from this score. */
export const FRESH_SCORE_MIN = 50;
/** A buy at or under this price is a long shot. */
export const LONG_SHOT_PRICE = 0.2;

const DAY_MS = 86_400_000;

export interface WalletFacts {
  /** Epoch ms of the wallet's first activity, null when unknown. */
  firstActivityAt: number | null;
  /** Distinct markets it has traded, null when unknown. */
  markets: number | null;
  /** Its total traded volume, USD, null when unknown. */
  volumeUsd: number | null;
}

export interface RadarTrade {
  side: "BUY" | "SELL";
  /** 0–1, of the side traded. */
  price: number;
  usd: number;
  /** Epoch ms. */
  at: number;
}

export interface RadarScore {
  /** 0–100. */
  score: number;
  fresh: boolean;
  /** Each fact that added points, in words ("first trade 2 days ago", "1 market", "bought at 8¢"). */
  reasons: string[];
}

function ageWords(days: number): string {
  if (days < 1) return "first trade today";
  const whole = Math.floor(days);
  return `first trade ${whole} day${whole === 1 ? "" : "s"} ago`;
}

/** The trade's score and reasons, as of the trade's own time. */
export function radarScore(trade: RadarTrade, wallet: WalletFacts): RadarScore {
  const reasons: string[] = [];
  let score = 0;
  if (wallet.firstActivityAt !== null) {
    const days = Math.max(0, trade.at - wallet.firstActivityAt) / DAY_MS;
    const points = days < 1 ? 40 : days <= 7 ? 30 : days <= 30 ? 15 : 0;
    if (points > 0) {
      score += points;
      reasons.push(ageWords(days));
    }
  }
  if (wallet.markets !== null && wallet.markets > 0) {
    const points = wallet.markets === 1 ? 25 : wallet.markets <= 3 ? 15 : wallet.markets <= 10 ? 5 : 0;
    if (points > 0) {
      score += points;
      reasons.push(`${wallet.markets} market${wallet.markets === 1 ? "" : "s"}`);
    }
  }
  if (wallet.volumeUsd !== null && wallet.volumeUsd > 0) {
    const share = Math.min(1, trade.usd / wallet.volumeUsd);
    const points = share >= 0.9 ? 20 : share >= 0.5 ? 10 : 0;
    if (points > 0) {
      score += points;
      reasons.push(`${Math.round(share * 100)}% of its volume`);
    }
  }
  if (trade.side === "BUY" && trade.price > 0 && trade.price <= LONG_SHOT_PRICE) {
    score += 15;
    reasons.push(`bought at ${formatPrice(trade.price)}`);
  }
  const capped = Math.min(100, score);
  return { score: capped, fresh: capped >= FRESH_SCORE_MIN, reasons };
}

/** "first trade 2 days ago · 1 market · bought at 8¢" */
export const radarWords = (score: RadarScore): string => score.reasons.join(" · ");

/** A wallet's facts as the trader page shows them. */
export interface WalletFactsView extends WalletFacts {
  /** When our whale watch looked them up (epoch ms); null when they were looked up for this page. */
  checkedAt: number | null;
}

/** What a whale card says when the wallet's facts are not stored yet. */
export const RADAR_NOT_CHECKED = "Radar: not checked yet";
/** The card's badge on a trade scored FRESH_SCORE_MIN or more. */
export const FRESH_BADGE = "Fresh wallet";

/**
 * A trade's radar in one line: "Radar 85/100: first trade 2 days ago · 1 market · bought at 8¢",
 * "Radar 0/100: nothing flagged", or RADAR_NOT_CHECKED (null, or absent: a trade no list scored).
 */
export function radarLine(radar: WhaleRadar | null | undefined): string {
  if (radar === null || radar === undefined) return RADAR_NOT_CHECKED;
  const words = radar.reasons.length > 0 ? radarWords(radar) : "nothing flagged";
  return `Radar ${radar.score}/100: ${words}`;
}

/** A whale trade's radar from its wallet's stored facts, as of the trade; null when none are stored. */
export function tradeRadar(
  trade: Pick<WhaleTrade, "side" | "price" | "size" | "timestamp">,
  facts: WalletFacts | undefined,
): WhaleRadar | null {
  if (facts === undefined) return null;
  return radarScore(
    { side: trade.side, price: trade.price, usd: trade.size * trade.price, at: trade.timestamp },
    facts,
  );
}

/** Each trade with its radar, from the stored facts by (lowercase) wallet. */
export function withRadar(
  trades: readonly WhaleTrade[],
  facts: ReadonlyMap<string, WalletFacts>,
): WhaleTrade[] {
  return trades.map((t) => ({ ...t, radar: tradeRadar(t, facts.get(t.trader.wallet.toLowerCase())) }));
}
