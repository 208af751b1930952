/**
 * What Polymarket's CLOB market channel sends (docs/upstreams.md): strings for numbers, millisecond
 * timestamps, one object per frame or (the answer to a subscription) an array of `book` objects. Each message
 * type has a schema; a frame that parses as none of them is counted and dropped by the hub.
 */
import * as v from "valibot";

/** "0.52" → 0.52; anything that is not a number in 0..1 fails the parse. */
const Price = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(Number),
  v.number(),
  v.minValue(0),
  v.maxValue(1),
);
const Millis = v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.number(), v.integer());
const Level = v.looseObject({ price: Price, size: v.string() });

const BookSchema = v.looseObject({
  event_type: v.literal("book"),
  asset_id: v.string(),
  bids: v.array(Level),
  asks: v.array(Level),
  timestamp: Millis,
  last_trade_price: v.optional(v.union([Price, v.literal("")])),
});

const PriceChangeSchema = v.looseObject({
  event_type: v.literal("price_change"),
  timestamp: Millis,
  price_changes: v.array(
    v.looseObject({
      asset_id: v.string(),
      price: Price,
      best_bid: v.optional(Price),
      best_ask: v.optional(Price),
    }),
  ),
});

const LastTradeSchema = v.looseObject({
  event_type: v.literal("last_trade_price"),
  asset_id: v.string(),
  price: Price,
  timestamp: Millis,
});

const TickSizeSchema = v.looseObject({
  event_type: v.literal("tick_size_change"),
  asset_id: v.string(),
  new_tick_size: v.string(),
  timestamp: Millis,
});

const BestBidAskSchema = v.looseObject({
  event_type: v.literal("best_bid_ask"),
  asset_id: v.string(),
  best_bid: Price,
  best_ask: Price,
  timestamp: Millis,
});

const ResolvedSchema = v.looseObject({
  event_type: v.literal("market_resolved"),
  assets_ids: v.optional(v.array(v.string())),
  clob_token_ids: v.optional(v.array(v.string())),
  winning_asset_id: v.optional(v.string()),
  winning_outcome: v.optional(v.string()),
  timestamp: Millis,
});

const NewMarketSchema = v.looseObject({ event_type: v.literal("new_market") });

/**
 * The schema of each `event_type`. Looked up by the frame's own type rather than through `v.variant`, which
 * tries every option's discriminator and builds an issue (with its message) for each that does not match:
 * the hub parses every upstream frame, so that was its largest cost per tick.
 */
const SCHEMAS = {
  book: BookSchema,
  price_change: PriceChangeSchema,
  last_trade_price: LastTradeSchema,
  tick_size_change: TickSizeSchema,
  best_bid_ask: BestBidAskSchema,
  market_resolved: ResolvedSchema,
  new_market: NewMarketSchema,
} as const;

type ClobSchema = (typeof SCHEMAS)[keyof typeof SCHEMAS];

function schemaOf(item: unknown): ClobSchema | null {
  if (!item || typeof item !== "object") return null;
  const type = (item as { event_type?: unknown }).event_type;
  return typeof type === "string" && Object.hasOwn(SCHEMAS, type)
    ? SCHEMAS[type as keyof typeof SCHEMAS]
    : null;
}

export type ClobMessage = v.InferOutput<ClobSchema>;

/** One frame's messages; `dropped` counts the ones no schema took (and frames that are not JSON). */
export function parseClobFrame(text: string): { messages: ClobMessage[]; dropped: number } {
  if (text === "PONG") return { messages: [], dropped: 0 };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { messages: [], dropped: 1 };
  }
  const items = Array.isArray(data) ? data : [data];
  const messages: ClobMessage[] = [];
  let dropped = 0;
  for (const item of items) {
    // The array answer to a subscription carries `book` objects; older captures leave out their type.
    const typed =
      item && typeof item === "object" && !("event_type" in item) && "bids" in item
        ? { ...item, event_type: "book" }
        : item;
    const schema = schemaOf(typed);
    const parsed = schema ? v.safeParse(schema, typed) : null;
    if (parsed?.success) messages.push(parsed.output);
    else dropped += 1;
  }
  return { messages, dropped };
}
