/** The /api-access reference as the page renders it (client-safe; built on the server from the OpenAPI document). */
import type { Section } from "./section";

export interface ApiParameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  /** In words: "integer 1–100", "one of volume, change, …". */
  type: string;
  description: string;
}

export interface ApiOperation {
  id: string;
  method: "GET" | "POST" | "DELETE";
  /** As in the document: "/markets/{slug}". */
  path: string;
  summary: string;
  description: string;
  parameters: ApiParameter[];
  responses: { status: string; description: string }[];
  /** The absolute URL of the path (with its template). */
  url: string;
  /** For the routes that are not plain GETs (the alerts): a curl line showing the body or header they take. */
  curl: string | null;
}

/** An example request with its response from live data, or why there is none right now. */
export type ApiExample = { request: string } & Section<{ json: string; note: string | null }>;

export interface ApiReference {
  server: string;
  documentUrl: string;
  title: string;
  version: string;
  /** Requests per client per period over every /api route, and lookups outside the snapshot. */
  rateLimit: { requests: number; lookups: number; periodSeconds: number };
  operations: ApiOperation[];
  live: LiveReference;
}

/** A curl line for a request path under the API's server (quoted: query strings carry `&`). */
export function curlLine(server: string, request: string): string {
  return `curl -s '${server}${request}'`;
}

/** One message of the live protocol, documented by its JSON Schema. */
export interface LiveMessageDoc {
  /** Who sends it. */
  from: "client" | "server";
  /** The schema's title ("LivePriceMessage"). */
  title: string;
  /** The `type` a server message carries ("price"); null for the client's message. */
  type: string | null;
  description: string;
  /** The JSON Schema (draft-07), pretty-printed. */
  schema: string;
}

/** The live WebSocket's reference (/api-access), generated from the protocol's schemas. */
export interface LiveReference {
  /** ws: or wss: URL of the socket. */
  url: string;
  socketsPerClient: number;
  maxMessageBytes: number;
  maxTopics: number;
  coalesceMs: number;
  messages: LiveMessageDoc[];
}
