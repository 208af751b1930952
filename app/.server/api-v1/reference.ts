/**
 * The /api-access reference: every operation of the generated OpenAPI document (endpoints, parameters,
 * responses) with a curl line, and example responses from live data made by the same functions the
 * API answers with. Nothing here is written by hand but the example queries.
 */
import type { ApiExample, ApiOperation, ApiParameter, ApiReference } from "~/lib/api-reference";
import { ok, unavailable } from "~/lib/section";
import { LOOKUP_LIMIT } from "../client-limits";
import type { Deps } from "../deps";
import { createLog } from "../log";
import { leaderboard } from "../snapshots/leaderboard";
import {
  type Answer,
  eventAnswer,
  eventHistoryAnswer,
  eventsAnswer,
  historyAnswer,
  marketAnswer,
  marketsAnswer,
  searchAnswer,
  statusAnswer,
  trackRecordAnswer,
  whalesAnswer,
} from "./bodies";
import { compareAnswer } from "./compare";
import { RATE_LIMIT, RATE_PERIOD_SECONDS } from "./http";
import { liveReference } from "./live-reference";
import { API_BASE, type OpenApiDocument, openApiDocument } from "./openapi";
import { traderRecordAnswer } from "./traders";

const log = createLog("api-access");

type Json = Record<string, unknown>;

/** "integer 1–100", "one of volume, change", "string, at most 200 characters", "date-time". */
function describeType(schema: Json | undefined): string {
  if (!schema) return "string";
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(", ")}`;
  const parts = [String(schema.format ?? schema.type ?? "string")];
  const { minimum, maximum, maxLength } = schema;
  if (typeof minimum === "number" && typeof maximum === "number") parts.push(`${minimum}–${maximum}`);
  else if (typeof minimum === "number") parts.push(`≥ ${minimum}`);
  if (typeof maxLength === "number") parts.push(`at most ${maxLength} characters`);
  return parts.join(" ");
}

const METHODS = ["get", "post", "delete"] as const;

/** The alerts' example request: what a browser's PushSubscription.toJSON() gives, and two rules. */
const ALERTS_BODY = {
  subscription: {
    endpoint: "https://fcm.googleapis.com/fcm/send/…",
    keys: { p256dh: "<65 bytes, base64url>", auth: "<16 bytes, base64url>" },
  },
  rules: [
    { type: "whale", event: "an-event-slug", minUsd: 100000 },
    { type: "price_move", event: "an-event-slug", points: 10 },
  ],
};

/** A curl line for the routes a plain GET cannot show: the body or the header they need. */
function curlFor(method: string, url: string): string | null {
  if (method === "post")
    return `curl -s -X POST '${url}' \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify(ALERTS_BODY)}'`;
  const withId = url.replace("{id}", "<id>");
  if (method === "delete") return `curl -s -X DELETE '${withId}' -H 'Authorization: Bearer <secret>'`;
  if (url.includes("{id}")) return `curl -s '${withId}' -H 'Authorization: Bearer <secret>'`;
  return null;
}

function operationsOf(doc: OpenApiDocument, server: string): ApiOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item?.[method];
      if (!op) return [];
      const parameters: ApiParameter[] = (op.parameters ?? []).flatMap((p) =>
        "$ref" in p
          ? []
          : [
              {
                name: p.name,
                in: p.in === "path" ? "path" : "query",
                required: p.required === true,
                type: describeType(p.schema as Json | undefined),
                description: p.description ?? "",
              },
            ],
      );
      const responses = Object.entries(op.responses ?? {}).map(([status, r]) => ({
        status,
        description: "description" in r ? String(r.description) : "",
      }));
      return [
        {
          id: op.operationId ?? `${method} ${path}`,
          method: method.toUpperCase() as ApiOperation["method"],
          path,
          summary: op.summary ?? "",
          description: op.description ?? "",
          parameters,
          responses,
          url: `${server}${path}`,
          curl: curlFor(method, `${server}${path}`),
        },
      ];
    }),
  );
}

const EXAMPLE_ITEMS = 2;

/** Long lists cut to their first items, so an example reads as one; the cut is said. */
function trimmed(body: unknown): { json: string; note: string | null } {
  const notes: string[] = [];
  const trim = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) {
      if (value.length > EXAMPLE_ITEMS) notes.push(`${key}: first ${EXAMPLE_ITEMS} of ${value.length}`);
      return value.slice(0, EXAMPLE_ITEMS).map((item) => trim(item, key));
    }
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v, k)]));
    return value;
  };
  const json = JSON.stringify(trim(body, "items"), null, 2);
  return {
    json,
    note: notes.length > 0 ? `Lists cut for the page (${[...new Set(notes)].join("; ")}).` : null,
  };
}

async function example<T>(request: string, answer: () => Promise<Answer<T>>): Promise<ApiExample> {
  try {
    const result = await answer();
    if (!result.ok) return { request, ...unavailable(result.message) };
    return { request, ...ok(trimmed(result.body)) };
  } catch (error) {
    log.error(`example ${request} failed`, error);
    return { request, ...unavailable("This example could not be made right now.") };
  }
}

/**
 * How long an isolate keeps the examples: they show the data's shape, and the answers behind them change
 * at most once a minute (the whale cron) or ten (the markets), so a render does not make ten answers.
 */
const EXAMPLES_MEMO_MS = 60_000;

/** Example responses keyed by operation id, each made (or failing) on its own; kept a minute per isolate. */
export function apiExamples(deps: Deps): Promise<Record<string, ApiExample>> {
  return deps.cache.remembered({
    key: "api-examples",
    ttlMs: EXAMPLES_MEMO_MS,
    load: () => makeExamples(deps),
  });
}

async function makeExamples(deps: Deps): Promise<Record<string, ApiExample>> {
  const markets = await marketsAnswer(deps, { sort: "volume", limit: EXAMPLE_ITEMS });
  const slug = markets.ok ? (markets.body.markets.find((m) => m.slug)?.slug ?? null) : null;
  const bySlug = slug ?? "a-market-slug";
  const events = await eventsAnswer(deps, { sort: "volume", ended: "show", limit: EXAMPLE_ITEMS });
  const eventSlug = (events.ok ? events.body.events[0]?.slug : undefined) ?? "an-event-slug";
  // The monthly board's leader (the whale list ranks by that board, so it is usually kept).
  const wallet = (await leaderboard.get(deps))?.traders[0]?.wallet ?? `0x${"0".repeat(40)}`;
  const entries = await Promise.all([
    example("/markets?limit=2", async () => markets),
    example(`/markets/${bySlug}`, () => marketAnswer(deps, bySlug)),
    example(`/markets/${bySlug}/history?range=1d`, () => historyAnswer(deps, bySlug, "1d")),
    example("/events?limit=2", async () => events),
    example("/search?q=election&limit=2", () => searchAnswer(deps, { q: "election", limit: EXAMPLE_ITEMS })),
    example(`/events/${eventSlug}`, () => eventAnswer(deps, eventSlug)),
    example(`/events/${eventSlug}/history?range=1d`, () => eventHistoryAnswer(deps, eventSlug, "1d")),
    example("/whales", () => whalesAnswer(deps, { minUsd: 50_000 })),
    example(`/traders/${wallet}`, () => traderRecordAnswer(deps, wallet)),
    example("/track-record", () => trackRecordAnswer(deps, undefined)),
    example("/status", () => statusAnswer(deps)),
    example("/compare?min_gap=1", () => compareAnswer(deps, { min_gap: 1 })),
  ]);
  const ids = [
    "listMarkets",
    "getMarket",
    "getMarketHistory",
    "listEvents",
    "searchEvents",
    "getEvent",
    "getEventHistory",
    "listWhaleTrades",
    "getTraderRecord",
    "getTrackRecord",
    "getStatus",
    "listComparePairs",
  ];
  return Object.fromEntries(ids.map((id, i) => [id, entries[i] as ApiExample]));
}

const references = new Map<string, Promise<ApiReference>>();

/** The reference without examples (they stream in after): the same for every request to an origin. */
export function apiReference(origin: string): Promise<ApiReference> {
  let reference = references.get(origin);
  if (!reference) {
    reference = buildReference(origin);
    references.set(origin, reference);
    reference.catch(() => references.delete(origin));
  }
  return reference;
}

async function buildReference(origin: string): Promise<ApiReference> {
  const doc = await openApiDocument(origin);
  const server = `${origin}${API_BASE}`;
  return {
    server,
    documentUrl: `${server}/openapi.json`,
    title: doc.info.title,
    version: doc.info.version,
    rateLimit: { requests: RATE_LIMIT, lookups: LOOKUP_LIMIT, periodSeconds: RATE_PERIOD_SECONDS },
    operations: operationsOf(doc, server),
    live: liveReference(origin),
  };
}
