/**
 * The track record's export rows and summary (issue 13 §5) as schemas. Prices and probabilities are 0–1
 * and refer to the market's first outcome; `outcome: "yes"` means the first outcome won.
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
