/**
 * The live protocol: what a browser and the live hub say to each other over `GET /api/v1/live`.
 * One set of valibot schemas: the hub validates what clients send with them, the browser parses what the hub
 * sends with them, and /api-access documents them as JSON Schema.
 */
import * as v from "valibot";
import { WhaleTradeSchema } from "./schemas/whale";

export const LIVE_PATH = "/api/v1/live";
/** At most one price message per market per this many milliseconds to each socket. */
export const LIVE_COALESCE_MS = 500;
/** Open live sockets one client (an IPv4 address or IPv6 /64) may hold at once. */
export const LIVE_SOCKETS_PER_CLIENT = 5;
/** A client message longer than this is refused with an error message. */
export const LIVE_MAX_CLIENT_MESSAGE_BYTES = 4096;
/** Topics one socket may follow at once (bounded memory per socket). */
export const LIVE_MAX_TOPICS = 100;
export const WHALES_TOPIC = "whales";
/** "whales" or "event:<slug>" (a slug as the site writes them). */
const TOPIC = /^(whales|event:[a-z0-9][a-z0-9-]{0,199})$/;

export const LiveTopicSchema = v.pipe(
  v.string(),
  v.regex(TOPIC, 'a topic is "whales" or "event:<slug>" (lower-case letters, digits and dashes)'),
  v.description(
    '"whales" (every new trade over $50K) or "event:<slug>" (the prices of one event\'s markets)',
  ),
);

const TopicList = v.pipe(v.array(LiveTopicSchema), v.maxLength(LIVE_MAX_TOPICS));

/** What a client sends: topics to add and to drop (either may be left out). */
export const LiveClientMessageSchema = v.pipe(
  v.strictObject({
    subscribe: v.optional(TopicList),
    unsubscribe: v.optional(TopicList),
  }),
  v.title("LiveClientMessage"),
  v.description(
    `What a client sends: topics to add and to drop (either may be left out). At most ${LIVE_MAX_TOPICS} topics followed at once, at most ${LIVE_MAX_CLIENT_MESSAGE_BYTES} bytes a message. Answered with "subscribed", or "error" when refused.`,
  ),
);

const Probability = v.pipe(v.number(), v.minValue(0), v.maxValue(1));

export const LivePriceMessageSchema = v.pipe(
  v.object({
    type: v.literal("price"),
    event: v.pipe(v.string(), v.description("The event's slug")),
    market: v.pipe(v.string(), v.description("The market's id (Gamma's)")),
    outcome: v.pipe(v.string(), v.description('The outcome\'s label ("Yes", a team)')),
    price: v.pipe(
      Probability,
      v.description("What Polymarket shows: the midpoint, or the last trade when the spread is over 10¢"),
    ),
    bestBid: v.nullable(Probability),
    bestAsk: v.nullable(Probability),
    t: v.pipe(v.number(), v.description("The upstream's timestamp, epoch milliseconds")),
  }),
  v.title("LivePriceMessage"),
  v.description(
    `An outcome's price changed. At most one per market per ${LIVE_COALESCE_MS} ms to each socket, with the latest value; on subscribing, the prices the hub already holds for the event.`,
  ),
);

export const LiveTradeMessageSchema = v.pipe(
  v.object({ type: v.literal("trade"), ...WhaleTradeSchema.pipe[0].entries }),
  v.title("LiveTradeMessage"),
  v.description('A new whale trade (the shape of /api/v1/whales items), to sockets following "whales".'),
);

export const LiveResolvedMessageSchema = v.pipe(
  v.object({
    type: v.literal("resolved"),
    event: v.string(),
    market: v.string(),
    winner: v.pipe(
      v.nullable(v.string()),
      v.description("The winning outcome's label, when the upstream names it"),
    ),
    t: v.number(),
  }),
  v.title("LiveResolvedMessage"),
  v.description("A market of a followed event resolved; its prices stop."),
);

export const LiveStatusMessageSchema = v.pipe(
  v.object({
    type: v.literal("status"),
    upstream: v.picklist(["connected", "reconnecting"]),
  }),
  v.title("LiveStatusMessage"),
  v.description(
    'Whether the hub is connected to Polymarket: on connecting, then on every change. Prices are live only while "connected".',
  ),
);

export const LiveSubscribedMessageSchema = v.pipe(
  v.object({
    type: v.literal("subscribed"),
    topics: v.pipe(v.array(v.string()), v.description("Every topic the socket now follows")),
  }),
  v.title("LiveSubscribedMessage"),
  v.description("The answer to a client message: every topic the socket now follows."),
);

export const LiveErrorMessageSchema = v.pipe(
  v.object({ type: v.literal("error"), message: v.string() }),
  v.title("LiveErrorMessage"),
  v.description(
    "A client message was refused (too long, not JSON, an unknown key or topic, too many topics), saying why. The socket stays open.",
  ),
);

export const LiveServerMessageSchema = v.variant("type", [
  LivePriceMessageSchema,
  LiveTradeMessageSchema,
  LiveResolvedMessageSchema,
  LiveStatusMessageSchema,
  LiveSubscribedMessageSchema,
  LiveErrorMessageSchema,
]);

export type LiveClientMessage = v.InferOutput<typeof LiveClientMessageSchema>;
export type LivePriceMessage = v.InferOutput<typeof LivePriceMessageSchema>;
export type LiveTradeMessage = v.InferOutput<typeof LiveTradeMessageSchema>;
export type LiveResolvedMessage = v.InferOutput<typeof LiveResolvedMessageSchema>;
export type LiveStatusMessage = v.InferOutput<typeof LiveStatusMessageSchema>;
export type LiveServerMessage = v.InferOutput<typeof LiveServerMessageSchema>;

export function eventTopic(slug: string): string {
  return `event:${slug}`;
}

/** The slug of an "event:<slug>" topic, or null. */
export function topicEvent(topic: string): string | null {
  return topic.startsWith("event:") ? topic.slice("event:".length) : null;
}

/** A server message as the browser reads it, or null when it is not one. */
export function parseServerMessage(data: unknown): LiveServerMessage | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = v.safeParse(LiveServerMessageSchema, JSON.parse(data));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
