/**
 * Reads a `GET /api/v1/markets/{slug}` answer for the /watchlist page with the API's own schemas. Its
 * own module so valibot loads with that page only, not with every market card's star.
 */
import * as v from "valibot";
import { MarketStatusSchema, OutcomePriceSchema } from "./schemas/market";
import type { WatchedMarket } from "./watchlist";

/** The parts of a `GET /api/v1/markets/{slug}` answer a row reads: the API's own schemas. */
const MarketAnswerSchema = v.object({
  market: v.object({
    id: v.string(),
    slug: v.string(),
    title: v.string(),
    eventSlug: v.optional(v.nullable(v.string()), null),
    outcomes: v.pipe(v.array(OutcomePriceSchema), v.minLength(1)),
    status: MarketStatusSchema,
  }),
});

/** What a row shows of a market's answer, or null when the body is not that shape (the row says so). */
export function parseMarketAnswer(json: unknown): WatchedMarket | null {
  const parsed = v.safeParse(MarketAnswerSchema, json);
  if (!parsed.success) return null;
  const { id, slug, title, eventSlug, outcomes, status } = parsed.output.market;
  const [first] = outcomes;
  const otherLabel = outcomes.length === 2 ? (outcomes[1]?.label ?? "") : "";
  return first
    ? { id, slug, title, eventSlug, outcomeLabel: first.label, otherLabel, price: first.price, status }
    : null;
}
