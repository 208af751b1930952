import { formatAge, formatDate, formatMoney, formatNumber } from "~/lib/format";
import type { WalletFactsView } from "~/lib/fresh-wallet";

const UNKNOWN = "Not known";

/** "Sep 8, 2026 (80 days ago)", or UNKNOWN: a fact the upstream did not give is not guessed. */
function firstActivity(at: number | null, now: number): string {
  if (at === null) return UNKNOWN;
  return `${formatDate(at)} (${formatAge(new Date(at).toISOString(), now)})`;
}

/**
 * The fresh-wallet radar's facts about the wallet: its first activity, the markets it has traded and its
 * volume, and where they come from. Kept apart from the other trader sections (its own data field).
 */
export function WalletFacts({ facts, now }: { facts: WalletFactsView; now: number }) {
  const rows: [string, string, string][] = [
    ["first-activity", "First activity", firstActivity(facts.firstActivityAt, now)],
    ["markets", "Markets traded", facts.markets === null ? UNKNOWN : formatNumber(facts.markets)],
    ["volume", "Volume", facts.volumeUsd === null ? UNKNOWN : formatMoney(facts.volumeUsd)],
  ];
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="wallet-facts">
        {rows.map(([id, label, value]) => (
          <div key={id} className="card flex flex-col gap-1 p-3" data-testid={`wallet-fact-${id}`}>
            <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600" data-testid="wallet-facts-source">
        From the wallet&apos;s activity on Polymarket
        {facts.checkedAt === null
          ? ", looked up now"
          : `, looked up by our whale watch ${formatAge(new Date(facts.checkedAt).toISOString(), now)}`}
        . The first activity and markets are counted only when its whole history fits one page of 100; what is
        not known is not guessed. Whale cards score big trades from these facts (the fresh-wallet radar).
      </p>
    </div>
  );
}
