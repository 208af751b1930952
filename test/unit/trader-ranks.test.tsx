/**
 * Ranks where wallets appear (decision 0020): the join, and holders on a market page with their badge and
 * page link.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { unranked } from "~/.server/polymarket/data-api";
import { parseLeaderboard } from "~/.server/polymarket/leaderboard";
import { boardIndex, rankTrader, type StoredBoard } from "~/.server/snapshots/leaderboard";
import { HolderLists } from "~/components/market/market-sections";
import { readFixture } from "../support/fixtures";

const board: StoredBoard = {
  period: "MONTH",
  traders: parseLeaderboard(readFixture("polymarket/data-leaderboard-month-pnl-50.json")),
  fetchedAt: "2026-11-23T12:00:00Z",
};
const index = boardIndex(board);
const RANK_3 = "0x7c1ee865a785de4c00ee90ed86a38489fb8bbab3";
const NOBODY = "0x1234567890abcdef1234567890abcdef12345678";

describe("the leaderboard payload", () => {
  it("reads the recorded board: ranks from strings, wallets lowercased, no wallet-as-name", () => {
    expect(board.traders).toHaveLength(50);
    expect(board.traders[2]).toEqual({
      rank: 3,
      wallet: RANK_3,
      name: "CandleHammerDrums",
      pnl: 3014562.8308435027,
      volume: 18008177.240388002,
      verified: false,
    });
    expect(
      parseLeaderboard([
        { rank: "x", proxyWallet: RANK_3, pnl: 1 },
        { rank: "2", proxyWallet: "nope" },
      ]),
    ).toEqual([]);
    expect(() => parseLeaderboard({ error: "down" })).toThrow(/not a list/);
  });
});

describe("rankTrader", () => {
  it("joins by wallet whatever its case, keeps the trade's own name, else takes the board's", () => {
    expect(rankTrader(unranked(RANK_3.toUpperCase().replace("0X", "0x"), null), board, index)).toMatchObject({
      wallet: RANK_3,
      name: "CandleHammerDrums",
      rank: 3,
      period: "MONTH",
    });
    expect(rankTrader(unranked(RANK_3, "Own-Name"), board, index).name).toBe("Own-Name");
    expect(rankTrader(unranked(NOBODY, null), board, index)).toMatchObject({
      rank: null,
      pnl: null,
      period: "MONTH",
    });
    expect(rankTrader(unranked(RANK_3, null), null, index)).toMatchObject({ rank: null, period: null });
  });
});

describe("holders on a market page", () => {
  it("a ranked holder has the badge; every holder links to their trader page", () => {
    const html = renderToString(
      <HolderLists
        outcomes={[
          {
            outcome: "Yes",
            holders: [
              { trader: rankTrader(unranked(RANK_3, null), board, index), amount: 120_000 },
              { trader: rankTrader(unranked(NOBODY, null), board, index), amount: 5_000 },
            ],
          },
        ]}
        prices={[]}
      />,
    );
    expect(html).toContain(`href="/trader/${RANK_3}"`);
    expect(html).toContain(`href="/trader/${NOBODY}"`);
    expect(html).toContain("#3 this month · +$3M");
    expect(html.match(/data-testid="trader-rank"/g)).toHaveLength(1);
  });
});
