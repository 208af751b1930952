/**
 * The track record's export rows, summary and headline as schemas. Prices and
 * probabilities are 0–1; `priceAtCall`, `modelProbability` and `outcome` refer to the called market's first
 * outcome (`outcome: "yes"` means it won), `sidePrice` to the side bought, the forecast's arrays to the
 * outcomes in `forecastOutcomes`.
 */
import * as v from "valibot";

const figure = (description: string) => v.pipe(v.nullable(v.number()), v.description(description));

export const ExportedCallSchema = v.pipe(
  v.object({
    id: v.string(),
    marketId: v.string(),
    slug: v.nullable(v.string()),
    question: v.string(),
    category: v.string(),
    side: v.picklist(["buy_yes", "buy_no", "hold"]),
    source: v.pipe(v.string(), v.description('Model id, or "estimate"')),
    calledAt: v.pipe(v.string(), v.description("ISO 8601 time")),
    priceAtCall: v.pipe(v.number(), v.description("The first outcome's price at the call, 0–1")),
    modelProbability: figure("The model's probability for the first outcome, when it gave one"),
    endDate: v.nullable(v.string()),
    outcome: v.pipe(
      v.nullable(v.picklist(["yes", "no", "void"])),
      v.description("null while pending; void for a 50/50 resolution"),
    ),
    settledAt: v.nullable(v.string()),
    return: figure("Paper return per $1 staked at priceAtCall; null unless graded"),
    sideOutcome: v.pipe(
      v.string(),
      v.description(
        'The outcome the call\'s price is of, by its label: what a buy bought (the second outcome, e.g. "No", for buy_no), the first outcome for a hold',
      ),
    ),
    sidePriceAtCall: v.pipe(
      v.number(),
      v.description("sideOutcome's price at the call, 0–1: 1 − priceAtCall for buy_no, else priceAtCall"),
    ),
    ruleVersion: v.pipe(
      v.number(),
      v.description(
        "The call rules it was recorded under: 1 for every shown market's call (the earliest rows), 2 for an event's call made while the event was open, before its end date, at a side price of 5–95¢, 3 for the same with a model's call derived from its probabilities (the side with the largest edge, at least the stated threshold) and each market's own end date",
      ),
    ),
    sidePrice: figure("The entry price as recorded: the price of the side bought, 0–1; null for version 1"),
    eventId: v.nullable(v.string()),
    eventSlug: v.nullable(v.string()),
    eventTitle: v.nullable(v.string()),
    callOutcome: v.pipe(
      v.nullable(v.string()),
      v.description('The outcome called, as the card named it ("Yes · Trump"); null for version 1'),
    ),
    forecastOutcomes: v.pipe(
      v.nullable(v.array(v.string())),
      v.description(
        "The outcomes the forecast is scored over; null without a forecast (estimates, version 1)",
      ),
    ),
    forecast: v.pipe(
      v.nullable(v.array(v.number())),
      v.description("The model's probability per forecast outcome at the call (sums to 1)"),
    ),
    marketPrices: v.pipe(
      v.nullable(v.array(v.number())),
      v.description(
        "The market's price per forecast outcome at the call, as quoted (scored scaled to sum to 1)",
      ),
    ),
    scoreState: v.pipe(
      v.nullable(v.picklist(["scored", "waiting", "unscorable"])),
      v.description("Whether the forecast is scored, waits on outcome markets, or cannot be scored"),
    ),
    winner: figure("The index in forecastOutcomes of the outcome that won, once scored"),
    brier: figure("Multi-outcome Brier score of the forecast, 0–2 (lower is better)"),
    logScore: figure("Log score of the forecast, −ln p(winner) in nats (lower is better)"),
    marketBrier: figure("The same Brier score for the market's prices at the call"),
    marketLogScore: figure("The same log score for the market's prices at the call"),
    smartMoney: v.pipe(
      v.nullable(v.string()),
      v.description(
        'The smart-money lean the model was given with the call ("Smart money leans …", "No lean"); null when none was fresh',
      ),
    ),
  }),
  v.metadata({ ref: "Call" }),
);

export const ExportedSummarySchema = v.pipe(
  v.object({
    calls: v.number(),
    graded: v.number(),
    pending: v.number(),
    void: v.number(),
    holds: v.number(),
    hitRate: figure("Share of graded buy calls that won"),
    hitRateLow: figure("95% Wilson interval, low"),
    hitRateHigh: figure("95% Wilson interval, high"),
    meanReturn: figure("Mean paper return per $1 over graded buy calls"),
    favouriteReturn: figure("The same for buying the favourite at the same moments"),
    brierModel: figure("Brier score of the model's probabilities"),
    brierMarket: figure("Brier score of the market price at the same calls"),
    skill: figure("1 − brierModel / brierMarket"),
  }),
  v.metadata({ ref: "TrackRecordSummary" }),
);

export const ExportedHeadlineSchema = v.pipe(
  v.object({
    ruleVersion: v.pipe(
      v.number(),
      v.description("The call rules these figures are of (current-rule calls only)"),
    ),
    calls: v.number(),
    scored: v.pipe(v.number(), v.description("Forecasts scored (their event resolved)")),
    waiting: v.pipe(v.number(), v.description("Forecasts waiting on outcome markets to resolve")),
    meanBrier: figure("Mean multi-outcome Brier of the model's forecasts, 0–2"),
    meanMarketBrier: figure("Mean Brier of the market's prices at the same calls"),
    meanLogScore: figure("Mean log score (nats) of the model's forecasts"),
    meanMarketLogScore: figure("Mean log score of the market's prices"),
    brierSkill: figure("Brier skill against the price: 1 − meanBrier / meanMarketBrier"),
    edge: figure("Mean Brier edge per call (market − model); positive: the model beat the price"),
    edgeLow: figure("95% interval of the edge, low"),
    edgeHigh: figure("95% interval of the edge, high"),
    resolved: v.pipe(v.number(), v.description("Graded buy calls")),
    hitRate: figure("Share of graded buy calls that won"),
    hitRateLow: figure("95% Wilson interval, low"),
    hitRateHigh: figure("95% Wilson interval, high"),
    impliedHitRate: figure("The hit rate the entry prices implied (their mean)"),
    edgeToDetect: v.pipe(v.number(), v.description("The Brier edge to detect: 0.02")),
    neededToDetect: figure(
      "Scored calls a two-sided 5% test needs to detect edgeToDetect with 80% power, at the spread seen so far",
    ),
    earlierRules: v.pipe(
      v.number(),
      v.description("Rows recorded under earlier rules: exported, not in these figures"),
    ),
  }),
  v.metadata({ ref: "TrackRecordHeadline" }),
);
