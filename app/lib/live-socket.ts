/**
 * The browser's rules for its one live socket, pure so they are tested without one: where
 * it connects, how long it waits before reconnecting, and what it sends when the wanted topics change.
 */
import * as v from "valibot";
import {
  LIVE_MAX_CLIENT_MESSAGE_BYTES,
  LIVE_MAX_TOPICS,
  LIVE_PATH,
  type LiveClientMessage,
  LiveTopicSchema,
} from "./live";

/** The first reconnect waits this long; each further failure doubles it… */
export const LIVE_RECONNECT_BASE_MS = 1_000;
/** …up to this. */
export const LIVE_RECONNECT_MAX_MS = 30_000;

/** The socket's URL on the page's own origin: wss: under https:, ws: otherwise. */
export function liveUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${LIVE_PATH}`;
}

/** The wait before reconnect attempt `attempt` (0 for the first after a close): 1 s, 2 s, 4 s … 30 s. */
export function reconnectDelay(attempt: number): number {
  const doubled = LIVE_RECONNECT_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 16));
  return Math.min(LIVE_RECONNECT_MAX_MS, doubled);
}

/** A topic the hub accepts ("whales", "event:<slug>"): anything else is never sent. */
export function isLiveTopic(topic: string): boolean {
  return v.is(LiveTopicSchema, topic);
}

/**
 * The topics to follow: the wanted ones in the order they were first wanted, at most LIVE_MAX_TOPICS
 * (the hub's cap per socket; a page listing more follows its first hundred).
 */
export function followedTopics(wanted: Iterable<string>): string[] {
  return [...wanted].slice(0, LIVE_MAX_TOPICS);
}

/** What to add and drop to go from the topics the socket follows to those wanted. */
export function topicChange(
  sent: ReadonlySet<string>,
  wanted: readonly string[],
): { subscribe: string[]; unsubscribe: string[] } {
  const want = new Set(wanted);
  return {
    subscribe: wanted.filter((t) => !sent.has(t)),
    unsubscribe: [...sent].filter((t) => !want.has(t)),
  };
}

const bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * The messages that make one change: a single message (drops and additions together) unless it would
 * pass the hub's size limit, then as few messages under it as fit, drops first. Empty when nothing
 * changes.
 */
export function changeMessages(
  change: { subscribe: readonly string[]; unsubscribe: readonly string[] },
  maxBytes = LIVE_MAX_CLIENT_MESSAGE_BYTES,
): string[] {
  const whole: LiveClientMessage = {
    ...(change.unsubscribe.length > 0 ? { unsubscribe: [...change.unsubscribe] } : {}),
    ...(change.subscribe.length > 0 ? { subscribe: [...change.subscribe] } : {}),
  };
  if (change.unsubscribe.length === 0 && change.subscribe.length === 0) return [];
  const text = JSON.stringify(whole);
  if (bytes(text) <= maxBytes) return [text];
  const messages: string[] = [];
  for (const field of ["unsubscribe", "subscribe"] as const) {
    let batch: string[] = [];
    const flush = () => {
      if (batch.length > 0) messages.push(JSON.stringify({ [field]: batch }));
      batch = [];
    };
    for (const topic of change[field]) {
      if (bytes(JSON.stringify({ [field]: [...batch, topic] })) > maxBytes) flush();
      batch.push(topic);
    }
    flush();
  }
  return messages;
}
