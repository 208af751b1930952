/**
 * A wallet's resolved and closed positions for its record (decision 0056): the Data API v2's REDEEMABLE,
 * REDEEMABLE_LOST and CLOSED lists, most recent first, at most RECORD_PAGES pages in all; when v2 fails,
 * what v1's positions give (the resolved positions still held, of 1,000 shares or more).
 */

import type { TraderPosition } from "~/lib/trader-page";
import type { SettledList, SettledPosition } from "~/lib/trader-record";
import type { DataV2, V2Position } from "./data-v2";
import { withV1Fallback } from "./data-v2";

/** Pages read of each list (100 positions each): 5 requests at most. */
export const RECORD_PAGES: Readonly<Record<SettledList, number>> = {
  REDEEMABLE: 1,
  REDEEMABLE_LOST: 2,
  CLOSED: 2,
};
const LISTS = Object.keys(RECORD_PAGES) as SettledList[];

export interface SettledPositions {
  api: "v2" | "v1";
  positions: SettledPosition[];
  /** False when a list had more pages than were read. */
  complete: boolean;
}

function fromV2(list: SettledList, p: V2Position): SettledPosition {
  return {
    list,
    tokenId: p.tokenId,
    title: p.title || p.slug,
    eventSlug: p.eventSlug,
    finalPrice: p.currentPrice,
    pnl: p.totalPnl ?? p.realizedPnl,
  };
}

/**
 * v1's resolved positions (`redeemable`, winners and losers alike) as settled ones, those with a final
 * price only (it alone says which they were); v1 names no event, so the title categorises.
 */
export function fromV1Positions(positions: readonly TraderPosition[]): SettledPosition[] {
  return positions
    .filter((p) => p.redeemable && p.curPrice !== null)
    .map((p) => ({
      list: "REDEEMABLE",
      tokenId: `${p.conditionId}:${p.outcome}`,
      title: p.title,
      eventSlug: "",
      finalPrice: p.curPrice,
      pnl: p.cashPnl,
    }));
}

/** The wallet's settled positions from v2, else v1's. Throws UpstreamError when both fail. */
export function fetchSettledPositions(
  up: {
    dataV2: Pick<DataV2, "recentPositions">;
    data: { positions: (wallet: string) => Promise<TraderPosition[]> };
  },
  wallet: string,
): Promise<SettledPositions> {
  return withV1Fallback<SettledPositions>(
    "positions",
    async () => {
      const lists = await Promise.all(
        LISTS.map(async (list) => {
          const { rows, more } = await up.dataV2.recentPositions(wallet, list, RECORD_PAGES[list]);
          return { rows: rows.map((p) => fromV2(list, p)), more };
        }),
      );
      return {
        api: "v2",
        positions: lists.flatMap((l) => l.rows),
        complete: lists.every((l) => !l.more),
      };
    },
    async () => ({
      api: "v1",
      positions: fromV1Positions(await up.data.positions(wallet)),
      complete: true,
    }),
  );
}
