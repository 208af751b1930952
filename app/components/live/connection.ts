/**
 * The tab's one live socket (decision 0041) and the state it feeds, as an external store
 * for React. Components say which topics they want (`wantTopic`, counted, so two cards of one event
 * share it); the changes of one task are sent as one message in a microtask. The socket opens only
 * when something is wanted, in a browser that has WebSocket, and only from effects (after hydration);
 * it reconnects after a close with back-off (1 s doubling to 30 s) and closes when nothing is wanted.
 * Everything received goes through `parseServerMessage`; what does not parse is ignored.
 * Nothing here runs on the server: the server renders `INITIAL_LIVE_STATE`.
 */
import { parseServerMessage } from "~/lib/live";
import { changeMessages, followedTopics, liveUrl, reconnectDelay, topicChange } from "~/lib/live-socket";
import {
  applyServerMessage,
  applySocket,
  eventsOf,
  INITIAL_LIVE_STATE,
  keepEvents,
  type LiveState,
} from "~/lib/live-state";

/** A normal close: nothing is wanted any more. */
const CLOSE_NORMAL = 1000;

let state: LiveState = INITIAL_LIVE_STATE;
const listeners = new Set<() => void>();

/** Topic → how many mounted components want it, in the order first wanted. */
const wanted = new Map<string, number>();
/** The topics the current socket was asked for. */
let sent = new Set<string>();
let socket: WebSocket | null = null;
let attempt = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let flushQueued = false;

function setState(next: LiveState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function getLiveState(): LiveState {
  return state;
}

export function getServerLiveState(): LiveState {
  return INITIAL_LIVE_STATE;
}

export function subscribeLive(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Wants a topic until the returned release is called (a component's effect and its cleanup). The
 * socket hears of it in the next microtask, with every other change of the same task.
 */
export function wantTopic(topic: string): () => void {
  wanted.set(topic, (wanted.get(topic) ?? 0) + 1);
  queueFlush();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const count = (wanted.get(topic) ?? 1) - 1;
    if (count > 0) wanted.set(topic, count);
    else wanted.delete(topic);
    queueFlush();
  };
}

function queueFlush(): void {
  if (flushQueued) return;
  flushQueued = true;
  queueMicrotask(() => {
    flushQueued = false;
    flush();
  });
}

/** Brings the socket in line with what is wanted: open, closed, or told the change. */
function flush(): void {
  const topics = followedTopics(wanted.keys());
  setState(keepEvents(state, eventsOf(topics)));
  if (topics.length === 0) {
    close();
    return;
  }
  if (!socket) {
    if (reconnectTimer === undefined) connect();
    return;
  }
  if (socket.readyState !== WebSocket.OPEN) return; // `open` sends the whole set
  send(topics);
}

function send(topics: readonly string[]): void {
  if (!socket) return;
  const messages = changeMessages(topicChange(sent, topics));
  for (const message of messages) socket.send(message);
  sent = new Set(topics);
}

function connect(): void {
  if (typeof window === "undefined" || !("WebSocket" in window)) return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(liveUrl(window.location));
  } catch {
    scheduleReconnect();
    return;
  }
  socket = ws;
  sent = new Set();
  setState(applySocket(state, "connecting"));
  ws.addEventListener("open", () => {
    // Put away while it was connecting (closing it then would log an error): close it now.
    if (socket !== ws) {
      ws.close(CLOSE_NORMAL);
      return;
    }
    setState(applySocket(state, "open"));
    send(followedTopics(wanted.keys()));
  });
  ws.addEventListener("message", (event) => {
    if (socket !== ws) return;
    const message = parseServerMessage(event.data);
    if (message === null) return;
    // The hub answered: the next loss starts the back-off from 1 s again.
    if (message.type === "status" || message.type === "subscribed") attempt = 0;
    setState(applyServerMessage(state, message));
  });
  ws.addEventListener("close", () => {
    if (socket !== ws) return;
    socket = null;
    sent = new Set();
    if (wanted.size === 0) {
      setState(applySocket(state, "idle"));
      return;
    }
    setState(applySocket(state, "closed"));
    scheduleReconnect();
  });
}

function scheduleReconnect(): void {
  clearTimeout(reconnectTimer);
  reconnectTimer = setTimeout(() => {
    reconnectTimer = undefined;
    if (wanted.size > 0) connect();
  }, reconnectDelay(attempt));
  attempt++;
}

/** Nothing is wanted: the socket is closed and no reconnect is pending. */
function close(): void {
  clearTimeout(reconnectTimer);
  reconnectTimer = undefined;
  attempt = 0;
  const ws = socket;
  socket = null;
  sent = new Set();
  // A socket still connecting is closed by its own `open` handler.
  if (ws && ws.readyState === WebSocket.OPEN) ws.close(CLOSE_NORMAL);
  if (state.connection !== "idle") setState(applySocket(state, "idle"));
}
