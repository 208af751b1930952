/**
 * The live protocol as /api-access documents it: one JSON Schema per message, generated from
 * the valibot schemas the hub and the browser check messages with (app/lib/live.ts). Made once per isolate.
 */
import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import type { LiveMessageDoc, LiveReference } from "~/lib/api-reference";
import {
  LIVE_COALESCE_MS,
  LIVE_MAX_CLIENT_MESSAGE_BYTES,
  LIVE_MAX_TOPICS,
  LIVE_PATH,
  LIVE_SOCKETS_PER_CLIENT,
  LiveClientMessageSchema,
  LiveErrorMessageSchema,
  LivePriceMessageSchema,
  LiveResolvedMessageSchema,
  LiveStatusMessageSchema,
  LiveSubscribedMessageSchema,
  LiveTradeMessageSchema,
} from "~/lib/live";

type Documented = v.GenericSchema & { pipe: readonly unknown[] };

const MESSAGES: readonly [LiveMessageDoc["from"], Documented][] = [
  ["client", LiveClientMessageSchema],
  ["server", LiveStatusMessageSchema],
  ["server", LiveSubscribedMessageSchema],
  ["server", LivePriceMessageSchema],
  ["server", LiveTradeMessageSchema],
  ["server", LiveResolvedMessageSchema],
  ["server", LiveErrorMessageSchema],
];

function messageDoc(from: LiveMessageDoc["from"], schema: Documented): LiveMessageDoc {
  const json = toJsonSchema(schema) as {
    title?: string;
    description?: string;
    properties?: { type?: { const?: string } };
  };
  return {
    from,
    title: json.title ?? "",
    type: json.properties?.type?.const ?? null,
    description: json.description ?? "",
    schema: JSON.stringify(json, null, 2),
  };
}

let messages: LiveMessageDoc[] | null = null;

/** The protocol's reference for a site at `origin` (its socket URL uses ws: or wss: to match). */
export function liveReference(origin: string): LiveReference {
  messages ??= MESSAGES.map(([from, schema]) => messageDoc(from, schema));
  return {
    url: `${origin.replace(/^http/, "ws")}${LIVE_PATH}`,
    socketsPerClient: LIVE_SOCKETS_PER_CLIENT,
    maxMessageBytes: LIVE_MAX_CLIENT_MESSAGE_BYTES,
    maxTopics: LIVE_MAX_TOPICS,
    coalesceMs: LIVE_COALESCE_MS,
    messages,
  };
}
