/**
 * Smart money on one event, pure: which of the all-time PnL board's top wallets hold each outcome (count,
 * shares, value at the price now, average entry) and what they bought minus sold in the last 24 hours, and
 * the outcome they lean to. "Smart" is a wallet among the top SMART_WALLETS of Polymarket's all-time PnL
 * leaderboard. Nothing rests on fewer than MIN_SMART_WALLETS wallets: an outcome held by fewer shows no
 * figures, and such an outcome is never the lean.
 */
import { formatMoney, formatPrice } from "./format";

/** How many of the all-time PnL board's wallets count as smart. */
export const SMART_WALLETS = 1_000;
/** The fewest smart wallets an outcome's figures may rest on. */
export const MIN_SMART_WALLETS = 3;
/**
 * Smart money leans to an outcome when its share of the smart wallets' value is at least this many points
 * above its price (the share the market gives it).
 */
export const LEAN_MIN_POINTS = 10;

export interface SmartWallet {
  wallet: string;
  rank: number;
  name: string | null;
  pnl: number;
}

/** One outcome as the event lists it, with the token whose holders and trades are its own. */
export interface SmartOutcomeInput {
  key: string;
  label: string;
  /** 0–1. */
  price: number;
  tokenId: string | null;
}

export interface SmartHolderInput {
  wallet: string;
  /** Shares. */
  amount: number;
  /** Average entry, 0–1, where the upstream says. */
  avgPrice: number | null;
}

export interface SmartTradeInput {
  wallet: string;
  tokenId: string;
  side: "BUY" | "SELL";
  usd: number;
}

export interface SmartHolding {
  wallet: string;
  rank: number;
  name: string | null;
  shares: number;
  /** Shares × the outcome's price now, USD. */
  value: number;
}

export interface SmartOutcome {
  key: string;
  label: string;
  price: number;
  /** Smart wallets holding it. */
  wallets: number;
  /** False when fewer than MIN_SMART_WALLETS hold it: its figures below are then not shown. */
  enough: boolean;
  shares: number;
  value: number;
  /** Share-weighted average entry of the holdings whose entry is known, 0–1; null when none is. */
  avgEntry: number | null;
  /** Bought minus sold by smart wallets in the last 24 hours, USD. */
  netFlow24h: number;
  /** Smart wallets that traded it in the last 24 hours. */
  traders24h: number;
  /** The holdings, largest value first. */
  holders: SmartHolding[];
}

export interface SmartLean {
  key: string;
  label: string;
  /** The outcome's share of the smart wallets' value, 0–1. */
  share: number;
  price: number;
}

export interface SmartMoney {
  outcomes: SmartOutcome[];
  /** Null: no lean (no outcome at least LEAN_MIN_POINTS above its price on enough wallets). */
  lean: SmartLean | null;
  /** Distinct smart wallets over every outcome. */
  wallets: number;
}

/** Per outcome, the smart wallets' holdings and 24 h flow; the lean over them. */
export function smartMoney(
  outcomes: readonly SmartOutcomeInput[],
  holdersByToken: ReadonlyMap<string, readonly SmartHolderInput[]>,
  trades24h: readonly SmartTradeInput[],
  smart: ReadonlyMap<string, SmartWallet>,
): SmartMoney {
  const seen = new Set<string>();
  // The smart wallets' trades by token, read once (an event's day of trades is up to 500 rows).
  const smartTrades = new Map<string, { wallet: string; flow: number }[]>();
  for (const trade of trades24h) {
    const wallet = trade.wallet.toLowerCase();
    if (!smart.has(wallet)) continue;
    const flow = trade.side === "BUY" ? trade.usd : -trade.usd;
    const list = smartTrades.get(trade.tokenId);
    if (list) list.push({ wallet, flow });
    else smartTrades.set(trade.tokenId, [{ wallet, flow }]);
  }
  const rows = outcomes.map((outcome): SmartOutcome => {
    const token = outcome.tokenId;
    const holdings = new Map<string, SmartHolding & { avgPrice: number | null }>();
    for (const holder of token === null ? [] : (holdersByToken.get(token) ?? [])) {
      const wallet = smart.get(holder.wallet.toLowerCase());
      if (!wallet || holder.amount <= 0) continue;
      const kept = holdings.get(wallet.wallet);
      const shares = (kept?.shares ?? 0) + holder.amount;
      holdings.set(wallet.wallet, {
        wallet: wallet.wallet,
        rank: wallet.rank,
        name: wallet.name,
        shares,
        value: shares * outcome.price,
        avgPrice: holder.avgPrice ?? kept?.avgPrice ?? null,
      });
    }
    let netFlow24h = 0;
    const traders = new Set<string>();
    for (const { wallet, flow } of token === null ? [] : (smartTrades.get(token) ?? [])) {
      netFlow24h += flow;
      traders.add(wallet);
    }
    const list = [...holdings.values()].sort((a, b) => b.value - a.value || a.rank - b.rank);
    for (const h of list) seen.add(h.wallet);
    const shares = list.reduce((sum, h) => sum + h.shares, 0);
    const priced = list.filter((h) => h.avgPrice !== null);
    const pricedShares = priced.reduce((sum, h) => sum + h.shares, 0);
    return {
      key: outcome.key,
      label: outcome.label,
      price: outcome.price,
      wallets: list.length,
      enough: list.length >= MIN_SMART_WALLETS,
      shares,
      value: shares * outcome.price,
      avgEntry:
        pricedShares > 0
          ? priced.reduce((sum, h) => sum + h.shares * (h.avgPrice ?? 0), 0) / pricedShares
          : null,
      netFlow24h,
      traders24h: traders.size,
      holders: list.map(({ avgPrice: _entry, ...holding }) => holding),
    };
  });
  return { outcomes: rows, lean: leanOf(rows), wallets: seen.size };
}

/** The outcome whose share of the smart value is furthest above its price, when at least LEAN_MIN_POINTS. */
export function leanOf(outcomes: readonly SmartOutcome[]): SmartLean | null {
  const total = outcomes.reduce((sum, o) => sum + (o.enough ? o.value : 0), 0);
  if (total <= 0) return null;
  let best: SmartLean | null = null;
  for (const o of outcomes) {
    if (!o.enough) continue;
    const share = o.value / total;
    if ((share - o.price) * 100 < LEAN_MIN_POINTS) continue;
    if (best === null || share - o.price > best.share - best.price) {
      best = { key: o.key, label: o.label, share, price: o.price };
    }
  }
  return best;
}

/** How "smart" is defined, said wherever smart money is shown. */
export const SMART_MONEY_METHOD = `Smart money: wallets among the top ${SMART_WALLETS.toLocaleString("en-US")} of Polymarket's all-time profit leaderboard. An outcome's figures need at least ${MIN_SMART_WALLETS} of them; they lean to an outcome when its share of their money is at least ${LEAN_MIN_POINTS} points above its price.`;

/** The card's line: "Smart money: 7 top wallets on Newsom, +$48K today", or null when nothing rests on enough. */
export function smartMoneyLine(money: SmartMoney): string | null {
  const target = money.lean
    ? money.outcomes.find((o) => o.key === money.lean?.key)
    : [...money.outcomes].filter((o) => o.enough).sort((a, b) => b.value - a.value)[0];
  if (!target?.enough) return null;
  const flow =
    target.traders24h === 0
      ? ""
      : `, ${target.netFlow24h >= 0 ? "+" : "−"}${formatMoney(Math.abs(target.netFlow24h))} today`;
  return `Smart money: ${target.wallets} top wallets on ${target.label}${flow}`;
}

/** The lean in words: "Smart money leans Newsom: 48% of their money at a 31¢ price", or "No lean". */
export function leanText(money: SmartMoney): string {
  if (money.lean === null) return "No lean";
  const { label, share, price } = money.lean;
  return `Smart money leans ${label}: ${Math.round(share * 100)}% of their money at a ${formatPrice(price)} price`;
}

/** What a page or the API shows of an event's smart money. */
export interface SmartMoneyView extends SmartMoney {
  /** `leanText`. */
  leanText: string;
  /** `smartMoneyLine`: the card's line, null when nothing rests on enough wallets. */
  line: string | null;
  method: string;
  /** ISO time the holders and trades were read. */
  asOf: string;
}

export function smartMoneyView(money: SmartMoney, asOf: string): SmartMoneyView {
  return {
    ...money,
    leanText: leanText(money),
    line: smartMoneyLine(money),
    method: SMART_MONEY_METHOD,
    asOf,
  };
}

/** An outcome held by fewer than MIN_SMART_WALLETS smart wallets, in words. */
export const TOO_FEW_SMART = `Fewer than ${MIN_SMART_WALLETS} top wallets hold this outcome.`;
export const SMART_MONEY_UNAVAILABLE =
  "Smart money is unavailable right now: Polymarket's holders or trades could not be read.";
/** An event with no open outcome whose market has a condition id (a closed event): nothing to ask. */
export const SMART_MONEY_NO_OUTCOMES = "No open outcome of this event can be asked for its holders.";
export const SMART_WALLETS_NOT_LOADED =
  "Smart wallets not loaded yet: the list of top wallets is read once a day; smart money shows once it is.";

/** As published (the API): an outcome on fewer than MIN_SMART_WALLETS wallets keeps only its count. */
export function publishedSmartMoney(view: SmartMoneyView) {
  const { outcomes, lean, leanText: words, line, wallets, method, asOf } = view;
  return {
    outcomes: outcomes.map((o) => ({
      key: o.key,
      label: o.label,
      price: o.price,
      wallets: o.wallets,
      enough: o.enough,
      shares: o.enough ? o.shares : 0,
      value: o.enough ? o.value : 0,
      avgEntry: o.enough ? o.avgEntry : null,
      netFlow24h: o.enough ? o.netFlow24h : 0,
      holders: o.enough ? o.holders : [],
    })),
    lean,
    leanText: words,
    line,
    wallets,
    method,
    asOf,
  };
}
