/**
 * A trader's record from its settled positions (pure, client-safe; decision 0056): the win rate over the
 * positions that were won or lost, and the PnL in total and by category.
 *
 * - A position still held after its market resolved (listed REDEEMABLE or REDEEMABLE_LOST) is won when
 *   its outcome paid (final price 1) and lost when it paid nothing (0); a 50-50 resolution is neither.
 *   The final price decides, not the list: the Data API labels the lost list's rows REDEEMABLE too.
 * - A closed position (sold, or redeemed after it won: the wallet no longer holds it) is won when its
 *   realised PnL is positive, lost when negative, neither when even. Without closed positions, a trader
 *   who redeems every win would show only losses.
 * - A position's PnL is its total PnL (final once the market resolved), else its realised PnL.
 * - Category: the event's categories (its Gamma tags, else its title's keywords; app/lib/categories.ts),
 *   the first of them; "Other" when none.
 */
import { CATEGORIES, type CategorySlug } from "./categories";

/** The Data API v2 list a position was read from. */
export type SettledList = "REDEEMABLE" | "REDEEMABLE_LOST" | "CLOSED";

/** One resolved or closed position, as the record reads it. */
export interface SettledPosition {
  list: SettledList;
  /** The outcome token: a position is counted once even when two lists carry it. */
  tokenId: string;
  title: string;
  eventSlug: string;
  /** 0–1: what the outcome is worth now (after resolution, what it paid); null when not given. */
  finalPrice: number | null;
  /** USD; null when not given. */
  pnl: number | null;
}

export type PositionResult = "won" | "lost" | null;

/** A final price this close to 1 or 0 is a payout or none (the upstream's floats). */
const PAID = 0.99;
const UNPAID = 0.01;

/** Won, lost, or neither (null) by the rules above. */
export function positionResult(position: SettledPosition): PositionResult {
  if (position.list === "CLOSED") {
    if (position.pnl === null || position.pnl === 0) return null;
    return position.pnl > 0 ? "won" : "lost";
  }
  const price = position.finalPrice;
  if (price === null) return position.list === "REDEEMABLE" ? "won" : "lost";
  if (price >= PAID) return "won";
  if (price <= UNPAID) return "lost";
  return null;
}

export type RecordCategory = CategorySlug | "other";

export interface CategoryRecord {
  category: RecordCategory;
  label: string;
  positions: number;
  won: number;
  lost: number;
  /** USD, summed over the positions that give one. */
  pnl: number;
}

/** Where the positions were read and how many of them. */
export interface RecordSource {
  /** "v2": resolved and closed positions; "v1": only resolved positions still held, of 1,000 shares or more. */
  api: "v2" | "v1";
  /** When the upstream answered (ISO time). */
  asOf: string;
  /** False when a list had more pages than were read: the figures cover the most recent positions. */
  complete: boolean;
  /** Past its freshness: the Data API could not be asked again, an older answer stands. */
  stale: boolean;
}

export interface TraderRecord {
  /** Positions counted (each once). */
  positions: number;
  won: number;
  lost: number;
  /** won / (won + lost), 0–1; null when nothing was won or lost. */
  winRate: number | null;
  /** USD over every counted position that gives a PnL. */
  pnl: number;
  /** Largest PnL first by size, "Other" last. */
  byCategory: CategoryRecord[];
  source: RecordSource;
}

const LABELS = new Map<RecordCategory, string>([
  ...CATEGORIES.map((c) => [c.slug, c.label] as const),
  ["other", "Other"],
]);

export function categoryLabel(category: RecordCategory): string {
  return LABELS.get(category) ?? "Other";
}

/**
 * The record of `positions` (each token once, the first listing kept), `categoryOf` naming each one's
 * category (null: "Other").
 */
export function traderRecord(
  positions: readonly SettledPosition[],
  categoryOf: (position: SettledPosition) => CategorySlug | null,
  source: RecordSource,
): TraderRecord {
  const seen = new Set<string>();
  const byCategory = new Map<RecordCategory, CategoryRecord>();
  let won = 0;
  let lost = 0;
  let pnl = 0;
  let counted = 0;
  for (const position of positions) {
    const key = position.tokenId || `${position.eventSlug}:${position.title}`;
    if (seen.has(key)) continue;
    seen.add(key);
    counted += 1;
    const category = categoryOf(position) ?? "other";
    const row = byCategory.get(category) ?? {
      category,
      label: categoryLabel(category),
      positions: 0,
      won: 0,
      lost: 0,
      pnl: 0,
    };
    const result = positionResult(position);
    row.positions += 1;
    if (result === "won") {
      row.won += 1;
      won += 1;
    } else if (result === "lost") {
      row.lost += 1;
      lost += 1;
    }
    if (position.pnl !== null && Number.isFinite(position.pnl)) {
      row.pnl += position.pnl;
      pnl += position.pnl;
    }
    byCategory.set(category, row);
  }
  return {
    positions: counted,
    won,
    lost,
    winRate: won + lost > 0 ? won / (won + lost) : null,
    pnl,
    byCategory: [...byCategory.values()].sort(
      (a, b) =>
        Number(a.category === "other") - Number(b.category === "other") ||
        Math.abs(b.pnl) - Math.abs(a.pnl) ||
        b.positions - a.positions,
    ),
    source,
  };
}

/** "62% (31 won, 19 lost)", or null without a win rate. */
export function winRateText(record: Pick<TraderRecord, "won" | "lost" | "winRate">): string | null {
  if (record.winRate === null) return null;
  return `${Math.round(record.winRate * 100)}% (${record.won} won, ${record.lost} lost)`;
}

/** What the figures rest on, in words. */
export function recordBasis(record: Pick<TraderRecord, "positions" | "source">): string {
  const count = `${record.positions} ${record.positions === 1 ? "position" : "positions"}`;
  if (record.source.api === "v1") {
    return `${count}: resolved positions still held, of 1,000 shares or more (Polymarket's newer positions API was unavailable; closed positions are not counted).`;
  }
  return record.source.complete
    ? `${count}, resolved or closed.`
    : `The ${count} most recently resolved or closed (the wallet has more).`;
}

/** How won and lost are counted, said once under the figures. */
export const RECORD_METHOD =
  "Won: held to resolution and paid out, or closed at a profit. Lost: held to resolution and paid nothing, or closed at a loss. Positions that broke even or resolved 50-50 count in PnL only.";

/** What the section says when the positions cannot be read. */
export const RECORD_UNAVAILABLE = "The win rate and PnL by category are unavailable right now.";
/** What it says for a wallet without any. */
export const NO_SETTLED_POSITIONS = "No resolved or closed positions found for this wallet.";
