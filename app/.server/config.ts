import * as v from "valibot";

const httpUrl = (name: string) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.trim(),
    v.url(`${name} must be an absolute URL, e.g. https://example.com`),
    v.check((s) => /^https?:\/\//.test(s), `${name} must use http or https`),
    v.transform((s) => s.replace(/\/+$/, "")),
  );

const optionalSecret = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.transform((s) => (s === "" ? undefined : s)),
);

const integer = (name: string, min: number, max: number, fallback: number) =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()]), String(fallback)),
    v.transform((s) => (typeof s === "number" ? s : s.trim() === "" ? fallback : Number(s))),
    v.number(`${name} must be a number`),
    v.integer(`${name} must be a whole number`),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

/** The push services of Chrome/Edge (FCM), Firefox, Safari and Windows. */
export const DEFAULT_PUSH_SERVICE_HOSTS =
  "fcm.googleapis.com,.push.services.mozilla.com,.push.apple.com,.notify.windows.com";

/**
 * The configuration: one schema, keyed by the names the code uses. `ENV_NAMES` says which env variable
 * (wrangler [vars], secret or .dev.vars line) each key is read from; the type is inferred from the schema.
 */
const ConfigSchema = v.object({
  gammaUrl: v.optional(httpUrl("POLYMARKET_GAMMA_URL"), "https://gamma-api.polymarket.com"),
  dataUrl: v.optional(httpUrl("POLYMARKET_DATA_URL"), "https://data-api.polymarket.com"),
  clobUrl: v.optional(httpUrl("POLYMARKET_CLOB_URL"), "https://clob.polymarket.com"),
  /** The CLOB market channel the live hub follows. */
  clobWsUrl: v.optional(
    v.pipe(
      v.string("POLYMARKET_CLOB_WS_URL must be a string"),
      v.trim(),
      v.url("POLYMARKET_CLOB_WS_URL must be an absolute URL, e.g. wss://example.com/ws/market"),
      v.check((s) => /^wss?:\/\//.test(s), "POLYMARKET_CLOB_WS_URL must use ws or wss"),
    ),
    "wss://ws-subscriptions-clob.polymarket.com/ws/market",
  ),
  /** Kalshi's Trade API v2 (public market data, no key): the cross-venue crawl (decision 0057). */
  kalshiUrl: v.optional(httpUrl("KALSHI_API_URL"), "https://api.elections.kalshi.com/trade-api/v2"),
  /** Kalshi `/events` pages (≤ 100 open events with their markets each) read per Kalshi cron run (0: no crawl). */
  kalshiPagesPerRun: integer("KALSHI_PAGES_PER_RUN", 0, 10, 5),
  /** A Kalshi pass starts at most this often (minutes, start to start; 0: as soon as one ends). */
  kalshiPassMinutes: integer("KALSHI_PASS_MINUTES", 0, 1440, 120),
  /** D1 rows the Kalshi crawl may write a day (UTC); changed markets past it wait for the next day. */
  kalshiRowsPerDay: integer("KALSHI_ROWS_PER_DAY", 0, 50_000, 5_000),
  xApiUrl: v.optional(httpUrl("X_API_URL"), "https://api.x.com"),
  xBearerToken: optionalSecret,
  llmApiUrl: v.optional(httpUrl("LLM_API_URL"), "https://api.x.ai/v1"),
  llmApiKey: optionalSecret,
  llmModel: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty("LLM_MODEL must not be empty")),
    "grok-4-fast-non-reasoning",
  ),
  /** Absolute origin for canonical URLs and the sitemap; required for any host but loopback. */
  siteUrl: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check(
      (s) => s === "" || /^https?:\/\/[^\s/]+/.test(s),
      "SITE_URL must be empty or an absolute http(s) URL",
    ),
    v.transform((s) => (s === "" ? undefined : s.replace(/\/+$/, ""))),
  ),
  supportEmail: v.optional(
    v.pipe(v.string(), v.trim(), v.email("SUPPORT_EMAIL must be an email address")),
    "support@oddspulse.app",
  ),
  timeoutMs: integer("UPSTREAM_TIMEOUT_MS", 1, 120_000, 15_000),
  retries: integer("UPSTREAM_RETRIES", 0, 5, 2),
  retryBaseMs: integer("UPSTREAM_RETRY_BASE_MS", 0, 30_000, 1000),
  marketsFreshSeconds: integer("MARKETS_FRESH_SECONDS", 10, 86_400, 900),
  whalesFreshSeconds: integer("WHALES_FRESH_SECONDS", 10, 86_400, 300),
  /** A changed whale list is written to KV at most this often (the Free plan's KV write budget). */
  whalesWriteSeconds: integer("WHALES_WRITE_SECONDS", 0, 86_400, 240),
  xMaxRequests: integer("X_MAX_REQUESTS", 0, 500, 25),
  xCacheSeconds: integer("X_CACHE_SECONDS", 0, 604_800, 3600),
  llmBatchSize: integer("LLM_BATCH_SIZE", 1, 100, 10),
  llmTimeoutMs: integer("LLM_TIMEOUT_MS", 1, 120_000, 20_000),
  /** The smallest edge (model probability minus the side's price, points) a model forecast calls. */
  callMinEdgePoints: integer("CALL_MIN_EDGE_POINTS", 1, 50, 8),
  /** After a failed refresh, callers get the fallback without a new upstream call for this long. */
  failureBackoffSeconds: integer("FAILURE_BACKOFF_SECONDS", 0, 3600, 30),
  /** Gamma pages of open events the search index reads per minute cron run (0: no crawl; decision 0034). */
  searchIndexPagesPerRun: integer("SEARCH_INDEX_PAGES_PER_RUN", 0, 20, 2),
  /** A search index pass starts at most this often (minutes, start to start; 0: as soon as one ends). */
  searchIndexPassMinutes: integer("SEARCH_INDEX_PASS_MINUTES", 0, 1440, 60),
  /**
   * Alert subscriptions kept at most (decision 0042): every minute's run reads them all, so the Free plan's
   * 5 M D1 rows read a day allow about this many beside the rest.
   */
  alertsMaxSubscriptions: integer("ALERTS_MAX_SUBSCRIPTIONS", 0, 100_000, 1_000),
  /** Web Push (decision 0042): the VAPID public key, base64url of the 65-byte P-256 point. */
  vapidPublicKey: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check(
      (s) => s === "" || /^B[A-Za-z0-9_-]{86}$/.test(s),
      "VAPID_PUBLIC_KEY must be empty or the base64url of a 65-byte uncompressed P-256 point (npm run vapid)",
    ),
    v.transform((s) => (s === "" ? undefined : s)),
  ),
  /** Its private key (a secret): base64url of the 32-byte scalar `d`. */
  vapidPrivateKey: v.pipe(
    optionalSecret,
    v.check(
      (s) => s === undefined || /^[A-Za-z0-9_-]{43}$/.test(s),
      "VAPID_PRIVATE_KEY must be the base64url of a 32-byte P-256 private key (npm run vapid)",
    ),
  ),
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  vapidSubject: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(s),
        "VAPID_SUBJECT must be a mailto: or https: URL",
      ),
    ),
    "mailto:support@oddspulse.app",
  ),
  /**
   * Hosts a push subscription's endpoint may be on: comma-separated, a leading "." for a host and its
   * subdomains. http: is accepted only for 127.0.0.1 or localhost listed here (the tests' push service).
   */
  pushServiceHosts: v.pipe(
    v.optional(v.string(), DEFAULT_PUSH_SERVICE_HOSTS),
    v.transform((s) =>
      s
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
    v.minLength(1, "PUSH_SERVICE_HOSTS must list at least one host"),
  ),
});

/** Runtime configuration, parsed once per env object. */
export type Config = v.InferOutput<typeof ConfigSchema>;

/** The env variable each configuration key is read from. */
export const ENV_NAMES: Record<keyof Config, string> = {
  gammaUrl: "POLYMARKET_GAMMA_URL",
  dataUrl: "POLYMARKET_DATA_URL",
  clobUrl: "POLYMARKET_CLOB_URL",
  clobWsUrl: "POLYMARKET_CLOB_WS_URL",
  kalshiUrl: "KALSHI_API_URL",
  kalshiPagesPerRun: "KALSHI_PAGES_PER_RUN",
  kalshiPassMinutes: "KALSHI_PASS_MINUTES",
  kalshiRowsPerDay: "KALSHI_ROWS_PER_DAY",
  xApiUrl: "X_API_URL",
  xBearerToken: "X_BEARER_TOKEN",
  llmApiUrl: "LLM_API_URL",
  llmApiKey: "LLM_API_KEY",
  llmModel: "LLM_MODEL",
  siteUrl: "SITE_URL",
  supportEmail: "SUPPORT_EMAIL",
  timeoutMs: "UPSTREAM_TIMEOUT_MS",
  retries: "UPSTREAM_RETRIES",
  retryBaseMs: "UPSTREAM_RETRY_BASE_MS",
  marketsFreshSeconds: "MARKETS_FRESH_SECONDS",
  whalesFreshSeconds: "WHALES_FRESH_SECONDS",
  whalesWriteSeconds: "WHALES_WRITE_SECONDS",
  xMaxRequests: "X_MAX_REQUESTS",
  xCacheSeconds: "X_CACHE_SECONDS",
  llmBatchSize: "LLM_BATCH_SIZE",
  llmTimeoutMs: "LLM_TIMEOUT_MS",
  callMinEdgePoints: "CALL_MIN_EDGE_POINTS",
  failureBackoffSeconds: "FAILURE_BACKOFF_SECONDS",
  searchIndexPagesPerRun: "SEARCH_INDEX_PAGES_PER_RUN",
  searchIndexPassMinutes: "SEARCH_INDEX_PASS_MINUTES",
  alertsMaxSubscriptions: "ALERTS_MAX_SUBSCRIPTIONS",
  vapidPublicKey: "VAPID_PUBLIC_KEY",
  vapidPrivateKey: "VAPID_PRIVATE_KEY",
  vapidSubject: "VAPID_SUBJECT",
  pushServiceHosts: "PUSH_SERVICE_HOSTS",
};

/** Thrown for a bad configuration value; its message is one line naming the variable. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Parses the Worker env into a Config, or throws ConfigError with one clear line. */
export function parseConfig(env: Record<string, unknown>): Config {
  const input = Object.fromEntries(Object.entries(ENV_NAMES).map(([key, name]) => [key, env[name]]));
  const result = v.safeParse(ConfigSchema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const key = issue.path?.[0]?.key;
  const name = typeof key === "string" && key in ENV_NAMES ? ENV_NAMES[key as keyof Config] : "config";
  const message = issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
  throw new ConfigError(`Invalid configuration: ${message}`);
}

const cache = new WeakMap<object, Config>();

/** parseConfig, memoised per env object (the runtime reuses it across requests). */
export function getConfig(env: object): Config {
  let config = cache.get(env);
  if (!config) {
    config = parseConfig(env as Record<string, unknown>);
    cache.set(env, config);
  }
  return config;
}
