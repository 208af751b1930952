import { AlertButton } from "~/components/alerts/alert-button";
import {
  DeferredPart,
  MarketSection,
  SectionMessage,
  TradesSection,
} from "~/components/market/market-sections";
import { ExternalLink } from "~/components/ui/external-link";
import type { WalletFactsView } from "~/lib/fresh-wallet";
import type { Section } from "~/lib/section";
import type { TraderView } from "~/lib/trader-page";
import { shortenAddress } from "~/lib/whales";
import { TraderRecordSection } from "./trader-record";
import { BoardStandings, PositionList, TraderTradeList } from "./trader-sections";
import { WalletFacts } from "./wallet-facts";

/** What the trader page shows (the loader's data): positions and trades stream in when cold. */
export interface TraderPageView extends Omit<TraderView, "positions" | "trades" | "record"> {
  /** Render time (epoch ms): relative times hydrate to the same text. */
  now: number;
  positions: TraderView["positions"] | Promise<TraderView["positions"]>;
  trades: TraderView["trades"] | Promise<TraderView["trades"]>;
  record: TraderView["record"] | Promise<TraderView["record"]>;
  /** The fresh-wallet facts (first activity, markets traded, volume); absent where none were read. */
  walletFacts?: Section<WalletFactsView> | Promise<Section<WalletFactsView>>;
}

/** `/trader/:wallet`: who the wallet is, its leaderboard standings, record, open positions and large trades. */
export function TraderPage({ data }: { data: TraderPageView }) {
  const { wallet, name, profileUrl, now, ranks, positions, trades, record, walletFacts } = data;
  return (
    <article className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-600">Polymarket trader</p>
        <h1 className="text-3xl font-bold break-words text-slate-900" data-testid="trader-name">
          {name ?? shortenAddress(wallet)}
        </h1>
        <p className="font-mono text-xs break-words text-slate-700 sm:text-sm" data-testid="trader-wallet">
          {wallet}
        </p>
        <p className="text-sm">
          <ExternalLink href={profileUrl} className="text-blue-800 underline-offset-2 hover:underline">
            Profile on Polymarket
          </ExternalLink>
        </p>
        <div>
          <AlertButton target={{ kind: "wallet", wallet, title: name ?? shortenAddress(wallet) }} />
        </div>
      </header>

      <MarketSection id="ranks" title="Leaderboard rank and PnL">
        <BoardStandings ranks={ranks} />
      </MarketSection>

      <TraderRecordSection record={record} now={now} />

      {walletFacts !== undefined && (
        <MarketSection id="wallet-facts" title="Wallet history">
          <DeferredPart value={walletFacts} unavailable="The wallet's history is unavailable right now.">
            {(result) =>
              result.ok ? (
                <WalletFacts facts={result.value} now={now} />
              ) : (
                <SectionMessage>{result.message}</SectionMessage>
              )
            }
          </DeferredPart>
        </MarketSection>
      )}

      <div className="grid gap-8 lg:grid-cols-2">
        <MarketSection id="positions" title="Open positions">
          <DeferredPart value={positions} unavailable="Open positions are unavailable right now.">
            {(result) =>
              result.ok ? (
                <PositionList positions={result.value} />
              ) : (
                <SectionMessage>{result.message}</SectionMessage>
              )
            }
          </DeferredPart>
        </MarketSection>

        <TradesSection title="Recent trades over $10K" trades={trades}>
          {(result) => <TraderTradeList trades={result} now={now} />}
        </TradesSection>
      </div>
    </article>
  );
}
