/** A whale trade (SPEC §3) as a schema: the type is inferred from it and the API documents it. */
import * as v from "valibot";

export const WhaleOutcomeSchema = v.picklist(["YES", "NO", "OTHER"]);

/**
 * Who made a trade: the wallet, its public name (the trade's, else the leaderboard's), and its place on
 * Polymarket's leaderboard for `period`. rank / pnl / volume are null when the wallet is not on the
 * board; `period` is null when no board could be read (ranks unknown, not "unranked").
 */
export const TraderSchema = v.pipe(
  v.object({
    wallet: v.pipe(v.string(), v.description("Wallet address, lowercase")),
    name: v.nullable(v.string()),
    rank: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
    pnl: v.pipe(v.nullable(v.number()), v.description("Profit and loss over the period, USD")),
    volume: v.pipe(v.nullable(v.number()), v.description("Volume over the period, USD")),
    period: v.pipe(
      v.nullable(v.picklist(["DAY", "WEEK", "MONTH", "ALL"])),
      v.description("The leaderboard consulted (monthly PnL); null when it could not be read"),
    ),
  }),
  v.metadata({ ref: "Trader" }),
);

/** The fresh-wallet radar's reading of a trade (decision 0052): its score and the reasons in words. */
export const WhaleRadarSchema = v.pipe(
  v.object({
    score: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100), v.description("0–100")),
    fresh: v.pipe(v.boolean(), v.description("The score is 50 or more: a fresh wallet")),
    reasons: v.pipe(
      v.array(v.string()),
      v.description(
        'Each fact that added points, in words ("first trade 2 days ago", "1 market", "bought at 8¢")',
      ),
    ),
  }),
  v.metadata({ ref: "WhaleRadar" }),
);

export const WhaleTradeSchema = v.pipe(
  v.object({
    id: v.string(),
    marketId: v.string(),
    title: v.string(),
    outcome: WhaleOutcomeSchema,
    outcomeLabel: v.pipe(v.string(), v.description('The provider\'s label ("Yes", "No", a team name)')),
    side: v.pipe(v.picklist(["BUY", "SELL"]), v.description("The taker's side")),
    size: v.pipe(v.number(), v.description("Shares")),
    price: v.pipe(v.number(), v.description("0–1")),
    timestamp: v.pipe(v.number(), v.description("Epoch milliseconds")),
    trader: TraderSchema,
    eventSlug: v.nullable(v.string()),
    marketSlug: v.nullable(v.string()),
  }),
  v.metadata({ ref: "WhaleTrade" }),
);
