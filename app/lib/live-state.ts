/**
 * What the browser knows from the live socket, as one immutable state and the pure rules
 * that change it: a server message applied (`applyServerMessage`), the socket's own life (`applySocket`),
 * and what the page reads from it (prices, resolutions, pushed trades, the "Live" indicator).
 * Client-safe and pure: the socket itself lives in app/components/live/connection.ts.
 */
import { type LiveServerMessage, topicEvent } from "./live";
import type { WhaleTrade } from "./types";

/** The latest price of one outcome as the hub pushed it (0..1). */
export interface LivePriceEntry {
  /** The event's slug: prices of an event no longer followed are dropped. */
  event: string;
  price: number;
  bestBid: number | null;
  bestAsk: number | null;
  /** The upstream's time, epoch ms: an older message never replaces a newer one. */
  t: number;
}

export interface LiveResolution {
  event: string;
  winner: string | null;
  t: number;
}

/** idle: no socket (nothing wanted, or no WebSocket); closed: lost, a reconnect is due. */
export type LiveConnectionState = "idle" | "connecting" | "open" | "closed";

export interface LiveState {
  connection: LiveConnectionState;
  /** What the last status message on the current socket said; null before one (or after a close). */
  upstream: "connected" | "reconnecting" | null;
  /** The page has been live (socket open, upstream connected) at least once since it loaded. */
  wasLive: boolean;
  /** Every topic the socket follows, as the hub last confirmed. */
  topics: readonly string[];
  /** By `priceKey(market, outcome)`. */
  prices: Readonly<Record<string, LivePriceEntry>>;
  /** By market id. */
  resolved: Readonly<Record<string, LiveResolution>>;
  /** Trades pushed since the page loaded, newest first, unique by id, at most LIVE_TRADES_KEPT. */
  trades: readonly WhaleTrade[];
  /** The hub's last error message (a refused subscription); nothing shows it, it is kept for debugging. */
  error: string | null;
}

/** Pushed trades kept in memory: the whale list's polling brings the rest. */
export const LIVE_TRADES_KEPT = 50;

export const INITIAL_LIVE_STATE: LiveState = {
  connection: "idle",
  upstream: null,
  wasLive: false,
  topics: [],
  prices: {},
  resolved: {},
  trades: [],
  error: null,
};

/** A market's two sides as the live prices name them: "Yes"/"No", or a one-market event's own labels. */
export type SidePair = readonly [first: string, second: string];

/** One outcome of one market: the key of `prices`. */
export function priceKey(market: string, outcome: string): string {
  return `${market}\n${outcome}`;
}

/**
 * The state after one server message. The same object when nothing changed (a repeated or older price,
 * a trade already held), so a burst of ticks re-renders only what moved.
 */
export function applyServerMessage(state: LiveState, message: LiveServerMessage): LiveState {
  switch (message.type) {
    case "price": {
      const key = priceKey(message.market, message.outcome);
      const held = state.prices[key];
      if (held && held.t > message.t) return state;
      const next: LivePriceEntry = {
        event: message.event,
        price: message.price,
        bestBid: message.bestBid,
        bestAsk: message.bestAsk,
        t: message.t,
      };
      if (
        held &&
        held.event === next.event &&
        held.price === next.price &&
        held.bestBid === next.bestBid &&
        held.bestAsk === next.bestAsk
      ) {
        return state;
      }
      return { ...state, prices: { ...state.prices, [key]: next } };
    }
    case "trade": {
      if (state.trades.some((t) => t.id === message.id)) return state;
      const { type: _type, ...trade } = message;
      return { ...state, trades: [trade, ...state.trades].slice(0, LIVE_TRADES_KEPT) };
    }
    case "resolved": {
      const held = state.resolved[message.market];
      if (held && held.t >= message.t && held.winner === message.winner) return state;
      return {
        ...state,
        resolved: {
          ...state.resolved,
          [message.market]: { event: message.event, winner: message.winner, t: message.t },
        },
      };
    }
    case "status": {
      if (state.upstream === message.upstream) return state;
      return withLive({ ...state, upstream: message.upstream });
    }
    case "subscribed":
      return { ...state, topics: message.topics };
    case "error":
      return { ...state, error: message.message };
  }
}

/** What happened to the socket itself. */
export type SocketEvent = "connecting" | "open" | "closed" | "idle";

/** The state after the socket opened, closed or was put away; a closed socket knows no upstream. */
export function applySocket(state: LiveState, event: SocketEvent): LiveState {
  if (event === "open") return withLive({ ...state, connection: "open", upstream: null });
  if (event === "connecting") return { ...state, connection: "connecting" };
  return { ...state, connection: event, upstream: null, topics: [] };
}

function withLive(state: LiveState): LiveState {
  return state.wasLive || !isLive(state) ? state : { ...state, wasLive: true };
}

/**
 * Forgets the prices and resolutions of events no longer followed (`followed` the slugs still wanted),
 * so a long session of client-side navigation holds only what its pages show.
 */
export function keepEvents(state: LiveState, followed: ReadonlySet<string>): LiveState {
  const prices = Object.entries(state.prices).filter(([, p]) => followed.has(p.event));
  const resolved = Object.entries(state.resolved).filter(([, r]) => followed.has(r.event));
  if (
    prices.length === Object.keys(state.prices).length &&
    resolved.length === Object.keys(state.resolved).length
  ) {
    return state;
  }
  return { ...state, prices: Object.fromEntries(prices), resolved: Object.fromEntries(resolved) };
}

/** The slugs of the event topics in a list of topics. */
export function eventsOf(topics: Iterable<string>): Set<string> {
  const events = new Set<string>();
  for (const topic of topics) {
    const slug = topicEvent(topic);
    if (slug !== null) events.add(slug);
  }
  return events;
}

/** Live means both: the socket is open and the hub's last word on its upstream was "connected". */
export function isLive(state: Pick<LiveState, "connection" | "upstream">): boolean {
  return state.connection === "open" && state.upstream === "connected";
}

export type LiveIndicatorState = "live" | "reconnecting" | null;

/**
 * What the "Live" indicator says: "live" only while live; "reconnecting" once the page has been live
 * and no longer is (the socket is being reopened, or the hub is reconnecting upstream); otherwise
 * nothing (never connected, nothing followed, no WebSocket): the page is its snapshot, as without JS.
 */
export function indicatorState(state: LiveState): LiveIndicatorState {
  if (isLive(state)) return "live";
  if (state.wasLive && state.connection !== "idle") return "reconnecting";
  return null;
}

/** One outcome's pushed price (0..1), or null. */
export function outcomePrice(state: LiveState, market: string, outcome: string): number | null {
  return state.prices[priceKey(market, outcome)]?.price ?? null;
}

/**
 * The price of a market's first side (0..1) from whichever side was pushed: the first side's own price,
 * else one minus the second's (a two-sided market's prices add up to 1). Null when neither was pushed.
 * A multi-outcome event's outcome is its market's first side, "Yes" against "No".
 */
export function firstSidePrice(
  state: LiveState,
  market: string,
  first: string,
  second: string,
): number | null {
  const own = state.prices[priceKey(market, first)];
  const other = state.prices[priceKey(market, second)];
  if (own && (!other || own.t >= other.t)) return own.price;
  if (other) return Math.round((1 - other.price) * 1e6) / 1e6;
  return null;
}

/**
 * An outcome's 24 h change in points at `price` (0..1): the change the page was given, moved by as much as
 * the price moved since (the reference price a day ago stays what it was).
 */
export function changeNow(stored: { price: number; priceChange24h: number }, price: number): number {
  return Math.round((stored.priceChange24h + (price - stored.price) * 100) * 1e6) / 1e6;
}

/** One outcome's latest pushed price with its top of book (the state's own object), or undefined. */
export function priceEntry(state: LiveState, market: string, outcome: string): LivePriceEntry | undefined {
  return state.prices[priceKey(market, outcome)];
}

/** A market's resolution pushed live, or undefined (the state's own object). */
export function resolutionOf(state: LiveState, market: string): LiveResolution | undefined {
  return state.resolved[market];
}

/** "Resolved: Yes", or "Resolved" when the upstream did not name the winner. */
export function resolvedText(resolution: Pick<LiveResolution, "winner">): string {
  return resolution.winner ? `Resolved: ${resolution.winner}` : "Resolved";
}

/** What the live region says of a resolution: "Rain tomorrow? (Yes)", or the title alone. */
export function resolvedAnnouncement(title: string, resolution: Pick<LiveResolution, "winner">): string {
  return resolution.winner ? `${title} (${resolution.winner})` : title;
}

/**
 * The whale list with the pushed trades in it: each pushed trade the list does not hold yet (by id)
 * goes first, newest first; the list's own order follows.
 */
export function withPushedTrades(listed: readonly WhaleTrade[], pushed: readonly WhaleTrade[]): WhaleTrade[] {
  if (pushed.length === 0) return [...listed];
  const held = new Set(listed.map((t) => t.id));
  return [...pushed.filter((t) => !held.has(t.id)), ...listed];
}
