import * as v from "valibot";

/** Runtime configuration, parsed once per env object from wrangler [vars], secrets and .dev.vars. */
export interface Config {
  gammaUrl: string;
  dataUrl: string;
  xApiUrl: string;
  xBearerToken: string | undefined;
  llmApiUrl: string;
  llmApiKey: string | undefined;
  llmModel: string;
  /** Absolute origin for canonical URLs and the sitemap; undefined → the request origin. */
  siteUrl: string | undefined;
  supportEmail: string;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  marketsFreshSeconds: number;
  whalesFreshSeconds: number;
  xMaxRequests: number;
  xCacheSeconds: number;
  llmBatchSize: number;
  llmTimeoutMs: number;
  /** After a failed refresh, callers get the fallback without a new upstream call for this long. */
  failureBackoffSeconds: number;
}

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

const EnvSchema = v.object({
  POLYMARKET_GAMMA_URL: v.optional(httpUrl("POLYMARKET_GAMMA_URL"), "https://gamma-api.polymarket.com"),
  POLYMARKET_DATA_URL: v.optional(httpUrl("POLYMARKET_DATA_URL"), "https://data-api.polymarket.com"),
  X_API_URL: v.optional(httpUrl("X_API_URL"), "https://api.x.com"),
  X_BEARER_TOKEN: optionalSecret,
  LLM_API_URL: v.optional(httpUrl("LLM_API_URL"), "https://api.x.ai/v1"),
  LLM_API_KEY: optionalSecret,
  LLM_MODEL: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty("LLM_MODEL must not be empty")),
    "grok-4-fast-non-reasoning",
  ),
  SITE_URL: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check(
      (s) => s === "" || /^https?:\/\/[^\s/]+/.test(s),
      "SITE_URL must be empty or an absolute http(s) URL",
    ),
    v.transform((s) => (s === "" ? undefined : s.replace(/\/+$/, ""))),
  ),
  SUPPORT_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.email("SUPPORT_EMAIL must be an email address")),
    "support@oddspulse.app",
  ),
  UPSTREAM_TIMEOUT_MS: integer("UPSTREAM_TIMEOUT_MS", 1, 120_000, 15_000),
  UPSTREAM_RETRIES: integer("UPSTREAM_RETRIES", 0, 5, 2),
  UPSTREAM_RETRY_BASE_MS: integer("UPSTREAM_RETRY_BASE_MS", 0, 30_000, 1000),
  MARKETS_FRESH_SECONDS: integer("MARKETS_FRESH_SECONDS", 10, 86_400, 900),
  WHALES_FRESH_SECONDS: integer("WHALES_FRESH_SECONDS", 10, 86_400, 60),
  X_MAX_REQUESTS: integer("X_MAX_REQUESTS", 0, 500, 25),
  X_CACHE_SECONDS: integer("X_CACHE_SECONDS", 0, 604_800, 3600),
  LLM_BATCH_SIZE: integer("LLM_BATCH_SIZE", 1, 100, 10),
  LLM_TIMEOUT_MS: integer("LLM_TIMEOUT_MS", 1, 120_000, 20_000),
  FAILURE_BACKOFF_SECONDS: integer("FAILURE_BACKOFF_SECONDS", 0, 3600, 30),
});

/** Thrown for a bad configuration value; its message is one line naming the variable. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Parses the Worker env into a Config, or throws ConfigError with one clear line. */
export function parseConfig(env: Record<string, unknown>): Config {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const issue = result.issues[0];
    const key = issue.path?.map((p) => String(p.key)).join(".") ?? "config";
    const message = issue.message.includes(key) ? issue.message : `${key}: ${issue.message}`;
    throw new ConfigError(`Invalid configuration: ${message}`);
  }
  const e = result.output;
  return {
    gammaUrl: e.POLYMARKET_GAMMA_URL,
    dataUrl: e.POLYMARKET_DATA_URL,
    xApiUrl: e.X_API_URL,
    xBearerToken: e.X_BEARER_TOKEN,
    llmApiUrl: e.LLM_API_URL,
    llmApiKey: e.LLM_API_KEY,
    llmModel: e.LLM_MODEL,
    siteUrl: e.SITE_URL,
    supportEmail: e.SUPPORT_EMAIL,
    timeoutMs: e.UPSTREAM_TIMEOUT_MS,
    retries: e.UPSTREAM_RETRIES,
    retryBaseMs: e.UPSTREAM_RETRY_BASE_MS,
    marketsFreshSeconds: e.MARKETS_FRESH_SECONDS,
    whalesFreshSeconds: e.WHALES_FRESH_SECONDS,
    xMaxRequests: e.X_MAX_REQUESTS,
    xCacheSeconds: e.X_CACHE_SECONDS,
    llmBatchSize: e.LLM_BATCH_SIZE,
    llmTimeoutMs: e.LLM_TIMEOUT_MS,
    failureBackoffSeconds: e.FAILURE_BACKOFF_SECONDS,
  };
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
