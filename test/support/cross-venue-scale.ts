/**
 * Both venues at full scale for the Kalshi pairing's bench (decision 0057): any number of open Polymarket
 * events and Kalshi markets, built from the recorded ones as copies ("worlds") of the recorded catalogue.
 *
 * World 0 is the recorded catalogue itself (its ids, tickers and texts: the labelled pairs stay pairs). In world
 * w > 0 every word of the questions, titles and outcome labels gets the world's suffix ("Spain" → "Spainqb"),
 * on both venues alike, except the words the matcher reads as grammar (dates, thresholds, actions, stopwords)
 * and the words common in the recorded catalogue (on 2 % of either venue's recorded markets or more: "iran",
 * "trump", "win", "cup"…). So a world pairs with itself as the recorded catalogue does, and the worlds overlap
 * only through the common words, which therefore recur across the whole catalogue as common words do on the real
 * venues. The recorded catalogue is topic-heavy (most of its Kalshi markets are about Iran), so more words are
 * common here than on the real venues: the matcher compares more candidates than it would (an upper bound).
 *
 * Polymarket: the 249 recorded open events (test/support/index-events.ts), the World Cup event and the 11
 * recorded Iran events, as Gamma's `/events/keyset` lists them. Kalshi: the 2 recorded events of the first page,
 * the 38 recorded Iran-related events and 100 college-basketball games, as `/events?with_nested_markets=true`
 * lists them, every market active. Pure: the same call gives the same catalogue.
 */

import { normalise } from "../../app/lib/kalshi-match.ts";
import kalshiFirstPage from "../fixtures/kalshi/bobaoxu__events_nested_2events.json" with { type: "json" };
import kalshiNcaa from "../fixtures/kalshi/bracket-kal__ncaamb_events_100_nested_TRIMMED.json" with {
  type: "json",
};
import kalshiIran from "../fixtures/kalshi/iran-project__events_nested_38_TRIMMED.json" with { type: "json" };
import worldCup from "../fixtures/polymarket/gamma-event-negrisk-60.json" with { type: "json" };
import iran from "../fixtures/polymarket/gamma-events-iran-11-EXTRACT.json" with { type: "json" };
import { type GammaEventJson, type GammaMarketJson, recordedOpenEvents } from "./index-events.ts";

type Json = Record<string, unknown>;
export type KalshiEventJson = Json & { event_ticker: string; markets: Json[] };

/** The words the matcher reads as grammar: kept in every world, or dates and thresholds would stop reading. */
const GRAMMAR = new Set(
  `a an the will be is are was of in on by before after at to for from as and or with this that than its his her
  their who what which when does do did any yes no there end year above over more greater least below under less
  fewer most higher lower group final finals semifinal semifinals quarterfinal quarterfinals round percent bps usa
  united states turkiye fifa mens recognise federal reserve january february march april may june july august
  september october november december jan feb mar apr jun jul aug sep sept oct nov dec win wins won winner
  champion qualify qualifies qualifier qualifiers reach advance finish out leave leaves ousted removed resign
  nominate nominated nominee announce name confirm vote recognize visit meet meeting strike strikes invade close
  agree deal seen appearance lead head`.split(/\s+/),
);

/** A recorded catalogue's share of markets from which a word is common (kept in every world). */
const COMMON_SHARE = 0.02;

function openPolymarket(event: Json): GammaEventJson {
  const markets = ((event.markets as Json[] | undefined) ?? []).map((m) => ({
    ...m,
    active: typeof m.outcomePrices === "string",
    closed: false,
  })) as unknown as GammaMarketJson[];
  return { ...(event as GammaEventJson), active: true, closed: false, markets };
}

/** Each recorded event once (the recordings overlap: an event may be in two of them). */
const POLYMARKET_BASES: GammaEventJson[] = [
  ...new Map(
    [
      ...recordedOpenEvents(),
      openPolymarket(worldCup as unknown as Json),
      ...(iran as unknown as Json[]).map(openPolymarket),
    ].map((e) => [e.slug, e]),
  ).values(),
];

const KALSHI_BASES: KalshiEventJson[] = [
  ...(kalshiFirstPage.events as unknown as KalshiEventJson[]),
  ...(kalshiIran as unknown as KalshiEventJson[]),
  ...(kalshiNcaa as unknown as KalshiEventJson[]),
];

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The words on at least COMMON_SHARE of the markets of `texts` (one list of texts a market). */
function commonWords(texts: string[][]): string[] {
  const counts = new Map<string, number>();
  for (const market of texts) {
    for (const w of new Set(market.flatMap((t) => normalise(t).split(" "))))
      counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n >= COMMON_SHARE * texts.length).map(([w]) => w);
}

const KEPT = new Set([
  ...GRAMMAR,
  ...commonWords(
    KALSHI_BASES.flatMap((e) =>
      e.markets.map((m) => [text(m.title), text(m.yes_sub_title), text(e.title), text(e.sub_title)]),
    ),
  ),
  ...commonWords(
    POLYMARKET_BASES.flatMap((e) =>
      e.markets.map((m) => [text(m.question), text(m.groupItemTitle), e.title]),
    ),
  ),
]);

/** World w's suffix: letters only, so that a word stays a word ("qb", "qc", …). */
const suffixOf = (w: number) =>
  `q${[...w.toString(26)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 26))).join("")}`;

/** `value` as world w words it: every word not kept gets the world's suffix. */
function worded(value: unknown, w: number): unknown {
  if (typeof value !== "string" || w === 0) return value;
  const suffix = suffixOf(w);
  return value.replace(/\p{L}{3,}/gu, (word) => (KEPT.has(normalise(word)) ? word : `${word}${suffix}`));
}

/** `count` open Polymarket events: the recorded ones, world after world (new ids, slugs and tokens from world 1). */
export function scalePolymarketEvents(count: number): GammaEventJson[] {
  const events: GammaEventJson[] = [];
  for (let i = 0; i < count; i++) {
    const w = Math.floor(i / POLYMARKET_BASES.length);
    const base = POLYMARKET_BASES[i % POLYMARKET_BASES.length] as GammaEventJson;
    if (w === 0) {
      events.push(base);
      continue;
    }
    const id = 6_000_000 + i;
    events.push({
      ...base,
      id: String(id),
      slug: `${base.slug}-w${w}`,
      title: worded(base.title, w) as string,
      markets: base.markets.map((m, j) => {
        const marketId = `${id}${String(j).padStart(3, "0")}`;
        return {
          ...m,
          id: marketId,
          slug: `${text(m.slug) || "market"}-w${w}`,
          question: worded(m.question, w),
          groupItemTitle: worded(m.groupItemTitle, w),
          clobTokenIds: JSON.stringify([`${marketId}1`, `${marketId}2`]),
        };
      }),
    });
  }
  return events;
}

/** Kalshi's open events holding at least `markets` markets: the recorded ones, world after world. */
export function scaleKalshiEvents(markets: number): KalshiEventJson[] {
  const events: KalshiEventJson[] = [];
  let listed = 0;
  for (let i = 0; listed < markets; i++) {
    const w = Math.floor(i / KALSHI_BASES.length);
    const base = KALSHI_BASES[i % KALSHI_BASES.length] as KalshiEventJson;
    const tag = (ticker: unknown) => (w === 0 ? ticker : `${text(ticker)}-W${w}`);
    const event: KalshiEventJson = {
      ...base,
      event_ticker: tag(base.event_ticker) as string,
      ...(base.series_ticker === undefined ? {} : { series_ticker: tag(base.series_ticker) }),
      title: worded(base.title, w),
      sub_title: worded(base.sub_title, w),
      markets: base.markets.map((m) => ({
        ...m,
        ticker: tag(m.ticker),
        event_ticker: tag(m.event_ticker),
        title: worded(m.title, w),
        yes_sub_title: worded(m.yes_sub_title, w),
        status: "active",
      })),
    };
    events.push(event);
    listed += event.markets.length;
  }
  return events;
}
