import type { Trader } from "~/lib/types";
import { rankLabel } from "~/lib/whales";

/** The trader's leaderboard standing as a small badge-like line ("#12 this month · +$1.2M"). */
export function TraderRank({ trader }: { trader: Trader }) {
  const ranked = trader.rank !== null;
  return (
    <span
      data-testid="trader-rank"
      className={`inline-flex items-center self-start rounded-full px-2 py-0.5 text-xs font-medium ${
        ranked ? "bg-amber-100 text-amber-950" : "bg-slate-100 text-slate-700"
      }`}
    >
      {rankLabel(trader)}
    </span>
  );
}
