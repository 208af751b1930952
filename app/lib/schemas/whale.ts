/** A whale trade (SPEC §3) as a schema: the type is inferred from it and the API documents it. */
import * as v from "valibot";

export const WhaleOutcomeSchema = v.picklist(["YES", "NO", "OTHER"]);

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
    trader: v.pipe(v.string(), v.description("Wallet address")),
    pseudonym: v.nullable(v.string()),
    eventSlug: v.nullable(v.string()),
    marketSlug: v.nullable(v.string()),
  }),
  v.metadata({ ref: "WhaleTrade" }),
);
