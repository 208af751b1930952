/**
 * How often the data is refreshed, said once. The cron expressions are the ones wrangler.toml
 * [triggers] schedules (a unit test compares them) and the freshness windows are the config's
 * defaults (MARKETS_FRESH_SECONDS, WHALES_FRESH_SECONDS, X_CACHE_SECONDS; a unit test compares those
 * too). Every page that states a cadence uses the phrases below, so no two pages can disagree.
 * Client-safe and pure.
 */

/** The market cron: the Gamma list, X counts and the model (wrangler.toml [triggers]). */
export const MARKETS_CRON = "*/10 * * * *";
/** The whale cron: the Data API's large trades (wrangler.toml [triggers]). */
export const WHALES_CRON = "* * * * *";
/** The Kalshi cron: Kalshi's open markets into D1 (decision 0057), on its own trigger and subrequest budget. */
export const KALSHI_CRON = "*/5 * * * *";

/** Default MARKETS_FRESH_SECONDS: a market snapshot younger than this is served as it is. */
export const MARKETS_FRESH_SECONDS = 900;
/**
 * Default WHALES_FRESH_SECONDS: the whale list is checked every minute, but a changed list is written to
 * KV at most every WHALES_WRITE_SECONDS (the Free plan's write budget, decision 0022), so the list shown
 * is at most this old.
 */
export const WHALES_FRESH_SECONDS = 300;
/** Default X_CACHE_SECONDS: a keyword's live X count is reused this long. */
export const MENTIONS_REUSE_SECONDS = 3600;

/**
 * Minutes between runs of a cron that runs every N minutes ("* * * * *" → 1, "*\/10 * * * *" → 10).
 * Any other shape throws: the sentences below could not say it truthfully.
 */
export function cronEveryMinutes(cron: string): number {
  const [minute, ...rest] = cron.trim().split(/\s+/);
  if (rest.length !== 4 || rest.some((field) => field !== "*")) {
    throw new Error(`Not an every-N-minutes cron: ${cron}`);
  }
  if (minute === "*") return 1;
  const step = /^\*\/([1-9]\d*)$/.exec(minute ?? "")?.[1];
  if (step === undefined) throw new Error(`Not an every-N-minutes cron: ${cron}`);
  return Number(step);
}

/** "every minute", "every 10 minutes", "every hour". */
export function everyText(minutes: number): string {
  if (minutes === 1) return "every minute";
  if (minutes === 60) return "every hour";
  return `every ${minutes} minutes`;
}

/** "1 minute", "15 minutes", "an hour". */
export function spanText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes === 60) return "an hour";
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** "every 10 minutes": how often the markets (and with them X counts and sentiment) are refreshed. */
export const MARKETS_EVERY = everyText(cronEveryMinutes(MARKETS_CRON));
/** "every minute": how often the whale trades are checked. */
export const WHALES_EVERY = everyText(cronEveryMinutes(WHALES_CRON));
/** "5 minutes": how soon a new whale trade is listed at the latest. */
export const WHALES_LISTED_WITHIN = spanText(WHALES_FRESH_SECONDS);
/** "15 minutes": how long a market snapshot counts as fresh. */
export const MARKETS_FRESH_FOR = spanText(MARKETS_FRESH_SECONDS);
/** "an hour": how long a keyword's live X count is reused. */
export const MENTIONS_REUSED_FOR = spanText(MENTIONS_REUSE_SECONDS);

/** The one cadence sentence (help, status, API reference). */
export const REFRESH_SENTENCE = `Markets are refreshed ${MARKETS_EVERY} and count as fresh for ${MARKETS_FRESH_FOR}; whale trades are checked ${WHALES_EVERY} and a new one is listed within ${WHALES_LISTED_WITHIN}.`;

/** Its short forms, for the page that shows only one dataset. */
export const MARKETS_REFRESH_NOTE = `markets refreshed ${MARKETS_EVERY}`;
export const WHALES_REFRESH_NOTE = `Trades are checked ${WHALES_EVERY}; a new one is listed within ${WHALES_LISTED_WITHIN}.`;
