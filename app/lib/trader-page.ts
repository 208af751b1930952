/** What `/trader/:wallet` shows, as the server hands it to the page and to /api/traders/:wallet (client-safe, pure). */
import { formatPnl } from "./format";
import type { MarketTrades } from "./market-page";
import type { Section } from "./section";
import type { TraderRecord } from "./trader-record";
import type { WhaleTrade } from "./types";

export type BoardPeriod = "DAY" | "WEEK" | "MONTH" | "ALL";
/** The order the page lists the boards in. */
export const BOARD_PERIODS: readonly BoardPeriod[] = ["DAY", "WEEK", "MONTH", "ALL"];

/** A wallet's row on one of Polymarket's PnL boards. */
export interface BoardRow {
  rank: number;
  name: string | null;
  /** USD over the period. */
  pnl: number;
  volume: number;
}

/** One board's answer: the wallet's row, null when it is not ranked there, or why it is missing. */
export interface PeriodStanding {
  period: BoardPeriod;
  standing: Section<BoardRow | null>;
}

/** One open position (Data API `/positions`). */
export interface TraderPosition {
  conditionId: string;
  title: string;
  slug: string | null;
  /** The outcome held ("Yes", "No", a team…). */
  outcome: string;
  /** Shares. */
  size: number;
  /** 0..1. */
  avgPrice: number;
  /** USD. */
  currentValue: number;
  /** USD, unrealised and realised on this position. */
  cashPnl: number;
  /** 0..1, null when unreadable. */
  curPrice: number | null;
  /** The market resolved: the position waits to be redeemed. */
  redeemable: boolean;
}

/** Everything the page and the JSON answer show, with every streamed part resolved. */
export interface TraderView {
  wallet: string;
  /** The public name from a board or a stored trade; null when the wallet shows none. */
  name: string | null;
  profileUrl: string;
  ranks: PeriodStanding[];
  positions: Section<TraderPosition[]>;
  trades: MarketTrades;
  /** Win rate and PnL by category over its resolved and closed positions. */
  record: Section<TraderRecord>;
}

const PERIOD_LABELS: Record<BoardPeriod, string> = {
  DAY: "Today",
  WEEK: "This week",
  MONTH: "This month",
  ALL: "All time",
};

export function periodLabel(period: BoardPeriod): string {
  return PERIOD_LABELS[period];
}

/** A board's rank in words: "#1", "Not ranked", or the failure. */
export function rankText(standing: Section<BoardRow | null>): string {
  if (!standing.ok) return "Unavailable";
  return standing.value ? `#${standing.value.rank}` : "Not ranked";
}

/**
 * The trader's public name: the boards' (monthly first, as whale cards use), else one our stored or
 * fetched trades carry; null when there is none. A "name" that is a wallet address is no name.
 */
export function traderDisplayName(
  ranks: readonly PeriodStanding[],
  trades: readonly Pick<WhaleTrade, "trader">[],
): string | null {
  const order: BoardPeriod[] = ["MONTH", "ALL", "WEEK", "DAY"];
  const fromBoards = order
    .map((period) => ranks.find((r) => r.period === period)?.standing)
    .map((s) => (s?.ok ? s.value?.name : null))
    .find((name): name is string => typeof name === "string" && usableName(name));
  if (fromBoards) return fromBoards;
  return trades.map((t) => t.trader.name).find((name): name is string => usableName(name)) ?? null;
}

function usableName(name: string | null | undefined): boolean {
  const trimmed = name?.trim();
  return Boolean(trimmed) && !/^0x[0-9a-f]{40}$/i.test(trimmed ?? "");
}

/** A one-line summary for meta descriptions: "#1 this month (+$8.1M)" or "not on the monthly board". */
export function monthlySummary(ranks: readonly PeriodStanding[]): string {
  const month = ranks.find((r) => r.period === "MONTH")?.standing;
  if (!month?.ok) return "leaderboard rank unavailable";
  if (!month.value) return "not on this month's PnL leaderboard";
  return `#${month.value.rank} this month (${formatPnl(month.value.pnl)} PnL)`;
}
