/** The /api-access reference as the page renders it (client-safe; built on the server from the OpenAPI document). */

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
  method: "GET";
  /** As in the document: "/markets/{slug}". */
  path: string;
  summary: string;
  description: string;
  parameters: ApiParameter[];
  responses: { status: string; description: string }[];
  /** The absolute URL of the path (with its template). */
  url: string;
}

export type ApiExample =
  | { request: string; ok: true; json: string; note: string | null }
  | { request: string; ok: false; message: string };

export interface ApiReference {
  server: string;
  documentUrl: string;
  title: string;
  version: string;
  /** Requests per client per period over every /api route, and lookups outside the snapshot. */
  rateLimit: { requests: number; lookups: number; periodSeconds: number };
  operations: ApiOperation[];
}

/** A curl line for a request path under the API's server (quoted: query strings carry `&`). */
export function curlLine(server: string, request: string): string {
  return `curl -s '${server}${request}'`;
}
