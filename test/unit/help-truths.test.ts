/**
 * Help texts state what the code does (decision 0025): the refresh cadence comes from one module whose
 * crons are wrangler.toml's and whose windows are the config's defaults, and the sentiment range the
 * texts quote is the one scoreFor can produce, derived here from scoreFor itself.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/config";
import { deriveKeyword } from "~/.server/mentions/keywords";
import { scoreFor } from "~/.server/sentiment/score";
import { FAQ_CATEGORIES, TROUBLESHOOTING } from "~/content/faq";
import {
  cronEveryMinutes,
  KALSHI_CRON,
  MARKETS_CRON,
  MARKETS_EVERY,
  MARKETS_FRESH_FOR,
  MARKETS_FRESH_SECONDS,
  MENTIONS_REUSE_SECONDS,
  REFRESH_SENTENCE,
  WHALES_CRON,
  WHALES_EVERY,
  WHALES_FRESH_SECONDS,
} from "~/lib/refresh-cadence";
import { SCORE_BOUNDS, SCORE_RANGE_TEXT } from "~/lib/sentiment";
import type { SentimentLabel } from "~/lib/types";

const ROOT = new URL("../../", import.meta.url).pathname;

/** The `crons` of wrangler.toml's [triggers] table (the only cron list the runtime reads). */
function wranglerCrons(): string[] {
  const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  const table = /^\[triggers\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  const list = /^crons\s*=\s*\[([^\]]*)\]/m.exec(table)?.[1] ?? "";
  return [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? "");
}

/** Every answer, question, symptom and step of the help center. */
const HELP_TEXTS = [
  ...FAQ_CATEGORIES.flatMap((c) => c.items.flatMap((i) => [i.question, i.answer])),
  ...TROUBLESHOOTING.flatMap((t) => [t.title, t.symptom, ...t.steps]),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the refresh cadence: one module, the runtime's own numbers", () => {
  it("its crons are wrangler.toml's [triggers]", () => {
    expect(wranglerCrons().sort()).toEqual([MARKETS_CRON, WHALES_CRON, KALSHI_CRON].sort());
  });

  it("its freshness windows are the config's defaults", () => {
    const config = parseConfig({});
    expect(config.marketsFreshSeconds).toBe(MARKETS_FRESH_SECONDS);
    expect(config.whalesFreshSeconds).toBe(WHALES_FRESH_SECONDS);
    // A changed list is written at most this often: it must leave the copy shown within its freshness.
    expect(config.whalesWriteSeconds + cronEveryMinutes(WHALES_CRON) * 60).toBeLessThanOrEqual(
      WHALES_FRESH_SECONDS,
    );
    expect(config.xCacheSeconds).toBe(MENTIONS_REUSE_SECONDS);
  });

  it("says the crons in words", () => {
    expect(cronEveryMinutes("*/10 * * * *")).toBe(10);
    expect(cronEveryMinutes("* * * * *")).toBe(1);
    expect(() => cronEveryMinutes("0 */2 * * *")).toThrow();
    expect([MARKETS_EVERY, WHALES_EVERY, MARKETS_FRESH_FOR]).toEqual([
      "every 10 minutes",
      "every minute",
      "15 minutes",
    ]);
    expect(REFRESH_SENTENCE).toBe(
      "Markets are refreshed every 10 minutes and count as fresh for 15 minutes; whale trades are checked every minute and a new one is listed within 5 minutes.",
    );
  });

  it("the help center's cadence answer is the one sentence, and no help text states another cadence", () => {
    const answer = FAQ_CATEGORIES.flatMap((c) => c.items).find((i) => i.id === "update-cadence")?.answer;
    expect(answer).toContain(REFRESH_SENTENCE);
    const stated = HELP_TEXTS.flatMap((text) =>
      [...text.matchAll(/every (?:\d+ )?minutes?/g)].map((m) => m[0]),
    );
    expect(stated.length).toBeGreaterThan(0);
    for (const phrase of stated) expect([MARKETS_EVERY, WHALES_EVERY]).toContain(phrase);
  });
});

describe("the sentiment range the texts quote is the range scoreFor produces", () => {
  /** |score| over every confidence 0..100 and 300 seeds, per sentiment. */
  function magnitudes(sentiment: SentimentLabel): number[] {
    const seen: number[] = [];
    for (let confidence = 0; confidence <= 100; confidence++) {
      for (let seed = 0; seed < 300; seed++) seen.push(Math.abs(scoreFor(sentiment, confidence, `m${seed}`)));
    }
    return seen;
  }

  it("bullish and bearish scores lie 28..72 from zero, neutral ones within ±5", () => {
    const directional = [...magnitudes("bullish"), ...magnitudes("bearish")];
    expect(Math.max(...directional)).toBe(SCORE_BOUNDS.max);
    expect(Math.min(...directional)).toBe(SCORE_BOUNDS.directionalMin);
    expect(Math.max(...magnitudes("neutral"))).toBe(SCORE_BOUNDS.neutralMax);
    // Beyond what any confidence can reach, the inputs are clamped: the bound holds for junk too.
    for (const confidence of [-50, 150, Number.NaN]) {
      expect(Math.abs(scoreFor("bullish", confidence, "x"))).toBeLessThanOrEqual(SCORE_BOUNDS.max);
    }
  });

  it("the help center quotes that range, and no page states the old ±60", () => {
    const answer = FAQ_CATEGORIES.flatMap((c) => c.items).find((i) => i.id === "sentiment-score")?.answer;
    expect(SCORE_RANGE_TEXT).toBe("-72 to +72");
    expect(answer).toContain(`from ${SCORE_RANGE_TEXT}`);
    expect(answer).toContain(`+${SCORE_BOUNDS.directionalMin} to +${SCORE_BOUNDS.max}`);
    const stale = sourceFiles(join(ROOT, "app")).filter((file) =>
      /[-−]60\s*(?:to|\.\.)\s*\+?60\b/.test(readFileSync(file, "utf8")),
    );
    expect(stale).toEqual([]);
  });
});

describe("the mention queries the help center describes are the ones deriveKeyword makes", () => {
  it("its example title gives its example query, and no help text names a 2024 topic", () => {
    const answer = FAQ_CATEGORIES.flatMap((c) => c.items).find((i) => i.id === "data-sources")?.answer ?? "";
    const [, title = "", query = ""] = /'([^']+)' is counted as '([^']+)'/.exec(answer) ?? [];
    expect(title).not.toBe("");
    expect(deriveKeyword(title)).toBe(query);
    for (const text of HELP_TEXTS) expect(text).not.toMatch(/Election 2024|Trump 2024/);
  });
});
