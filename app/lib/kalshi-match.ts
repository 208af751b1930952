/**
 * The same question on Polymarket and Kalshi (decision 0057): a deterministic matcher that proposes pairs of
 * markets with a score and its reasons. It reads, on each side, the normalised title tokens (names weigh
 * double), the outcome label of a multi-outcome event, the deadline or date the question is about, any
 * threshold with its direction ("above $100,000", "≥ 25 bps"), a group letter, a tournament stage, and the
 * action asked about (win, qualify, leave office, nominate…). A conflict on any of these (another date,
 * strike, outcome, group, stage or action) refuses the pair whatever the words share. Only pairs scoring at least MATCH_THRESHOLD are
 * shown, each market in one pair at most, and a decided pair (the checked-in overrides, the D1 table) wins
 * over the score. Pure.
 */
import type { Market, MarketEvent } from "./types";

/** A Polymarket market as the matcher reads it. */
export interface PolymarketSide {
  id: string;
  question: string;
  /** Its event's title. */
  eventTitle: string;
  /** Its outcome in a multi-outcome event (Gamma's `groupItemTitle`), "" for a lone market. */
  label: string;
  /** ISO end date, or null. */
  endDate: string | null;
}

/** The matcher's Polymarket sides of an event's open markets (the site's one market model). */
export function polymarketSides(
  event: Pick<MarketEvent, "title" | "endDate"> & {
    markets: readonly Pick<Market, "id" | "title" | "groupTitle" | "endDate">[];
  },
): PolymarketSide[] {
  return event.markets.map((m) => ({
    id: m.id,
    question: m.title,
    eventTitle: event.title,
    label: m.groupTitle?.trim() ?? "",
    endDate: m.endDate ?? event.endDate,
  }));
}

/** A Kalshi market as the matcher reads it. */
export interface KalshiSide {
  ticker: string;
  title: string;
  eventTitle: string;
  /** The event's period ("Before 2027", "On Jul 19, 2026"). */
  eventSubtitle: string;
  /** `yes_sub_title`: the outcome in a multi-outcome event, or a period. */
  label: string;
  /** ISO close time, or null. */
  closeTime: string | null;
}

export interface PairScore {
  /** 0–1; 0 when a conflict refuses the pair. */
  score: number;
  /** Why, in short phrases ("same deadline 2026-03-31", "another outcome: Spain ≠ France"). */
  reasons: string[];
  /** The conflict that refused it, if any. */
  conflict: string | null;
}

export interface ProposedPair extends PairScore {
  polymarketId: string;
  kalshiTicker: string;
  /** "score", or "confirmed" by a person (overrides, D1). */
  decidedBy: "score" | "confirmed";
}

/** A pair decided by a person: it wins over the score either way. */
export interface PairOverride {
  polymarketId: string;
  kalshiTicker: string;
  verdict: "confirmed" | "refused";
  note: string;
}

/** The score a pair needs to be shown (checked on the labelled set: test/unit/kalshi-match.test.ts). */
export const MATCH_THRESHOLD = 0.6;

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const MONTH_OF: Record<string, number> = Object.fromEntries(
  MONTHS.flatMap((name, i) => [
    [name, i],
    [name.slice(0, 3), i],
    ...(name === "september" ? [["sept", i] as const] : []),
  ]),
);

const STOPWORDS = new Set(
  "a an the will be is are was of in on by before after at to for from as and or with this that than its his her their who what which when does do did any yes no there".split(
    " ",
  ),
);

/** Words that name the same thing on both venues. */
const ALIASES: Record<string, string> = {
  usa: "us",
  "united states": "us",
  "u s": "us",
  turkiye: "turkey",
  fifa: "",
  mens: "men",
  "men s": "men",
  recognise: "recognize",
  "ir iran": "iran",
  "federal reserve": "fed",
};

/** The action a question asks about; two questions about different actions are different questions. */
const ACTIONS: Record<string, string> = {
  win: "win",
  wins: "win",
  won: "win",
  winner: "win",
  champion: "win",
  qualify: "qualify",
  qualifies: "qualify",
  qualifier: "qualify",
  qualifiers: "qualify",
  reach: "qualify",
  advance: "qualify",
  finish: "place",
  out: "leave",
  leave: "leave",
  leaves: "leave",
  ousted: "leave",
  removed: "leave",
  resign: "leave",
  nominate: "nominate",
  nominated: "nominate",
  nominee: "nominate",
  announce: "nominate",
  name: "nominate",
  confirm: "confirm",
  vote: "confirm",
  recognize: "recognize",
  visit: "visit",
  meet: "meet",
  meeting: "meet",
  strike: "strike",
  strikes: "strike",
  invade: "invade",
  close: "close",
  agree: "agree",
  deal: "agree",
  seen: "appear",
  appearance: "appear",
  lead: "lead",
  head: "lead",
  be: "",
};

/** Every alias at once, longest first (one pass over the text instead of one per alias). */
const ALIAS = new RegExp(
  ` (${Object.keys(ALIASES)
    .sort((a, b) => b.length - a.length)
    .join("|")})(?= )`,
  "g",
);

/** Lower case, no diacritics, punctuation as spaces, aliases applied. */
export function normalise(text: string): string {
  // Only text outside ASCII has diacritics to take off (decomposing is most of the cost otherwise).
  const plain = /[\u0080-\uffff]/.test(text) ? text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "") : text;
  const out = ` ${plain
    .toLowerCase()
    .replace(/['’]s\b/g, "s")
    .replace(/[^a-z0-9$%.]+/g, " ")
    .replace(/\.(?!\d)/g, " ")} `.replace(/\s+/g, " ");
  return out.replace(ALIAS, (_, from: string) => (ALIASES[from] ? ` ${ALIASES[from]}` : "")).trim();
}

const isDateWord = (word: string) => Object.hasOwn(MONTH_OF, word) || /^\d{1,4}(st|nd|rd|th)?$/.test(word);

/** Content words: no stopwords, no dates or numbers (compared on their own), plurals folded. */
function contentWords(text: string): string[] {
  return normalise(text)
    .split(" ")
    .filter((w) => w.length > 1 && !STOPWORDS.has(w) && !isDateWord(w) && !/^[$\d]/.test(w))
    .map((w) => (w.length > 4 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
}

/** Words written with a capital inside the text (not its first word): names, which weigh double. */
function nameWords(text: string): Set<string> {
  const words = text.split(/\s+/).slice(1);
  return new Set(words.filter((w) => /^\p{Lu}/u.test(w)).flatMap((w) => contentWords(w)));
}

/** The action a word names, read through its inflections ("recognizes", "announced", "strikes"). */
function actionOf(word: string): string | undefined {
  for (const form of [
    word,
    word.replace(/s$/, ""),
    word.replace(/es$/, ""),
    word.replace(/d$/, ""),
    word.replace(/ed$/, ""),
  ])
    if (Object.hasOwn(ACTIONS, form)) return ACTIONS[form];
  return undefined;
}

const actionsOf = (words: readonly string[]) =>
  new Set(words.map(actionOf).filter((a): a is string => Boolean(a)));

/** A day as YYYY-MM-DD. */
const day = (year: number, month: number, date: number) =>
  new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);
const lastDayOf = (year: number, month: number) => day(year, month + 1, 0);

const isMonth = (word: string | undefined) => word !== undefined && Object.hasOwn(MONTH_OF, word);

/**
 * The last day a question's event may happen on, from its words: "by March 31" → that day, "before April 1,
 * 2026" and "before 2026-04-01T…" → the day before, "before May 2026" → April's last, "in 2026" → Dec 31,
 * "before 2027" → 2026-12-31, "on Jul 19, 2026" → that day. A missing year is `year`'s. Null: none said.
 */
export function deadlineOf(text: string, year: number): string | null {
  const t = text.toLowerCase();
  const iso = /\b(by|before|on)\s+(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (iso) {
    const [, word, y, m, d] = iso;
    return day(Number(y), Number(m) - 1, Number(d) - (word === "before" ? 1 : 0));
  }
  const dated =
    /\b(by|before|on|in)\s+([a-z]{3,9})\.?\s+(\d{1,2})(?!\d)(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?/.exec(t);
  if (dated && isMonth(dated[2])) {
    const [, word, month, d, y] = dated;
    return day(y ? Number(y) : year, MONTH_OF[month as string] ?? 0, Number(d) - (word === "before" ? 1 : 0));
  }
  const monthOnly = /\b(by|before|in|during)\s+(?:the\s+end\s+of\s+)?([a-z]{3,9})\.?(?:\s+(\d{4}))?\b/.exec(
    t,
  );
  if (monthOnly && isMonth(monthOnly[2])) {
    const [, word, month, y] = monthOnly;
    const m = MONTH_OF[month as string] ?? 0;
    const yy = y ? Number(y) : year;
    return word === "before" ? lastDayOf(yy, m - 1) : lastDayOf(yy, m);
  }
  const yearOnly = /\b(by|before|in|during)\s+(?:the\s+end\s+of\s+)?(\d{4})\b/.exec(t);
  if (yearOnly) {
    const [, word, y] = yearOnly;
    return word === "before" ? day(Number(y) - 1, 11, 31) : day(Number(y), 11, 31);
  }
  if (/\bthis year\b/.test(t)) return day(year, 11, 31);
  return null;
}

/** A threshold and its direction ("above 100000", "at least 6"), normalised, or null. */
export function thresholdOf(text: string): string | null {
  const t = text.toLowerCase().replace(/(\d),(?=\d{3})/g, "$1");
  const scaled = (number: string, unit: string | undefined) => {
    const scale = unit === "k" ? 1e3 : unit === "m" ? 1e6 : unit === "b" || unit === "bn" ? 1e9 : 1;
    const suffix = unit === "bps" ? " bps" : unit === "%" || unit === "percent" ? "%" : "";
    return `${Number(number) * scale}${suffix}`;
  };
  const UNIT = "(bps|bn|b|k|m|percent|%)?(?![a-z])";
  const before = new RegExp(
    `(above|over|more than|greater than|at least|≥|>=|>|below|under|less than|fewer than|at most|≤|<=|<)\\s*\\$?\\s*(\\d+(?:\\.\\d+)?)\\s*${UNIT}`,
  ).exec(t);
  if (before) {
    const [, word, number, unit] = before;
    return `${/above|over|more|greater|least|≥|>/.test(word ?? "") ? "≥" : "≤"} ${scaled(number ?? "", unit)}`;
  }
  // "$74,300 or above", "6 or more".
  const after = new RegExp(
    `\\$?(\\d+(?:\\.\\d+)?)\\s*${UNIT}\\s+or\\s+(above|more|higher|greater|below|less|fewer|lower)`,
  ).exec(t);
  if (after) {
    const [, number, unit, word] = after;
    return `${/above|more|higher|greater/.test(word ?? "") ? "≥" : "≤"} ${scaled(number ?? "", unit)}`;
  }
  return null;
}

/** "Group K" → "k", or null. */
const groupOf = (text: string) => /\bgroup\s+([a-l])\b/i.exec(text)?.[1]?.toLowerCase() ?? null;

/** The stage of a tournament a question stops at ("final", "semifinal", "round of 16"), or null: the whole. */
function stageOf(text: string): string | null {
  const found = /\b(semi-?finals?|quarter-?finals?|round of (?:16|32)|finals?)\b/i.exec(text)?.[1];
  return found ? found.toLowerCase().replace("-", "").replace(/s$/, "") : null;
}

const yearOf = (iso: string | null) => (iso ? new Date(iso).getUTCFullYear() : new Date().getUTCFullYear());
const daysBetween = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

/** A label that names a period ("March 31", "Before 2027", "Yes") rather than an outcome. */
function isPeriodLabel(label: string, year: number): boolean {
  const t = label.trim();
  if (t === "" || /^(yes|no)$/i.test(t)) return true;
  if (deadlineOf(`by ${t}`, year) !== null || deadlineOf(t, year) !== null) return true;
  return contentWords(t).length === 0;
}

/** Weighted Dice overlap of two word lists (names count double). */
function overlap(a: readonly string[], b: readonly string[], names: ReadonlySet<string>): number {
  const weight = (w: string) => (names.has(w) ? 2 : 1);
  const setA = new Set(a);
  const setB = new Set(b);
  let shared = 0;
  for (const w of setA) if (setB.has(w)) shared += weight(w);
  const total = [...setA].reduce((n, w) => n + weight(w), 0) + [...setB].reduce((n, w) => n + weight(w), 0);
  return total === 0 ? 0 : (2 * shared) / total;
}

/** What the matcher reads of one side, worked out once per market. */
interface Side {
  actions: Set<string>;
  group: string | null;
  stage: string | null;
  line: string | null;
  /** The outcome label's words (a multi-outcome event's outcome), or null for a period label. */
  outcome: string[] | null;
  outcomeText: string;
  /** Words of the question with its label (where the other side's outcome must appear). */
  labelled: Set<string>;
  /** Words of the question with its event title (compared), and those that are names. */
  words: string[];
  names: string[];
  /** The deadline said in words, and the date compared (said, else the end or close date). */
  said: string | null;
  date: string | null;
}

function side(
  question: string,
  label: string,
  eventTitle: string,
  dates: string[],
  end: string | null,
): Side {
  const year = yearOf(end);
  const said = dates.reduce<string | null>((found, text) => found ?? deadlineOf(text, year), null);
  const outcome = isPeriodLabel(label, year) ? null : contentWords(label);
  return {
    actions: actionsOf(normalise(question).split(" ")),
    group: groupOf(`${question} ${eventTitle}`),
    stage: stageOf(question),
    line: thresholdOf(`${question} ${label}`),
    outcome,
    outcomeText: label,
    labelled: new Set(contentWords(`${question} ${label}`)),
    words: contentWords(`${question} ${eventTitle}`),
    names: [...nameWords(question), ...(outcome ?? [])],
    said,
    date: said ?? end?.slice(0, 10) ?? null,
  };
}

const polymarketSide = (p: PolymarketSide): Side =>
  side(p.question, p.label, p.eventTitle, [p.question, `by ${p.label}`, p.eventTitle], p.endDate);

const kalshiSide = (k: KalshiSide): Side =>
  side(k.title, k.label, k.eventTitle, [k.label, k.title, k.eventSubtitle, k.eventTitle], k.closeTime);

/** How alike two sides are, and why; a conflict refuses the pair. */
function compare(p: Side, k: Side): PairScore {
  const reasons: string[] = [];
  const refuse = (conflict: string): PairScore => ({ score: 0, reasons: [...reasons, conflict], conflict });

  if (p.actions.size > 0 && k.actions.size > 0 && ![...p.actions].some((a) => k.actions.has(a)))
    return refuse(`another question: ${[...p.actions].join("/")} ≠ ${[...k.actions].join("/")}`);
  if (p.group !== k.group)
    return refuse(
      `another group: ${p.group ? `group ${p.group}` : "none"} ≠ ${k.group ? `group ${k.group}` : "none"}`,
    );
  if (p.stage !== k.stage)
    return refuse(`another stage: ${p.stage ?? "the whole"} ≠ ${k.stage ?? "the whole"}`);
  if (p.line !== k.line) return refuse(`another threshold: ${p.line ?? "none"} ≠ ${k.line ?? "none"}`);
  if (p.line) reasons.push(`same threshold ${p.line}`);

  // Outcome labels of multi-outcome events: the other side's question must name them.
  let labelPoints = 0;
  if (k.outcome) {
    if (!k.outcome.every((w) => p.labelled.has(w)))
      return refuse(`another outcome: "${k.outcomeText}" is not in the Polymarket question`);
    labelPoints = 1;
    reasons.push(`outcome "${k.outcomeText}" on both`);
  }
  if (p.outcome && !p.outcome.every((w) => k.labelled.has(w)))
    return refuse(`another outcome: "${p.outcomeText}" is not in the Kalshi question`);

  let datePoints = 0;
  if (p.date && k.date) {
    const apart = daysBetween(p.date, k.date);
    // Dates both said in words must agree; an end date stands in for one only within a day (time zones).
    if (apart > (p.said && k.said ? 0 : 1)) return refuse(`another date: ${p.date} ≠ ${k.date}`);
    datePoints = p.said && k.said ? 1 : 0.5;
    reasons.push(apart === 0 ? `same date ${p.date}` : `dates a day apart: ${p.date}, ${k.date}`);
  }

  const words = overlap(p.words, k.words, new Set([...p.names, ...k.names]));
  reasons.push(`words ${Math.round(words * 100)}% alike`);
  const score = Math.min(1, 0.6 * words + 0.25 * datePoints + 0.15 * labelPoints + (p.line ? 0.1 : 0));
  return { score: Math.round(score * 1000) / 1000, reasons, conflict: null };
}

/** How alike a Polymarket market and a Kalshi market are, and why. */
export function scorePair(p: PolymarketSide, k: KalshiSide): PairScore {
  return compare(polymarketSide(p), kalshiSide(k));
}

/** A word on more Kalshi markets than this is common ("win", "trump"): sharing it alone makes no candidate. */
export const RARE_WORD_MARKETS = 50;

/**
 * A word on more Kalshi markets than this ("price", "bitcoin", "game" at the scale of every open market) finds
 * no candidate at all: it still counts in the score, but pairs sharing only such words would be compared with
 * a large part of the catalogue (measured: 22 million comparisons at 34,000 × 20,000 markets without it, 2.9
 * million with it, the same pairs proposed; test/bench/pairing.ts).
 */
export const COMMON_WORD_MARKETS = 2_000;

/**
 * The Kalshi markets by content word, to find the ones worth scoring against a Polymarket market: those sharing
 * a rare word with it, or two words that are not too common. Sharing one common word proposes nothing the
 * score would keep (the words weigh most), and at the scale of every open event it would mean comparing most
 * markets with most others.
 */
export class WordIndex {
  private readonly byWord = new Map<string, number[]>();
  /** Per Kalshi market, during a lookup: 0 nothing shared yet, 1 one common word shared, 2 a candidate. */
  private readonly state: Uint8Array;

  constructor(wordsOf: readonly (readonly string[])[]) {
    this.state = new Uint8Array(wordsOf.length);
    wordsOf.forEach((words, i) => {
      for (const w of new Set(words)) {
        const list = this.byWord.get(w);
        if (list) list.push(i);
        else this.byWord.set(w, [i]);
      }
    });
  }

  /** The positions (in the constructor's list) of the markets worth scoring against these words. */
  candidatesOf(words: readonly string[]): number[] {
    const touched: number[] = [];
    const near: number[] = [];
    for (const w of new Set(words)) {
      const markets = this.byWord.get(w);
      if (markets === undefined || markets.length > COMMON_WORD_MARKETS) continue;
      const rare = markets.length <= RARE_WORD_MARKETS;
      for (const i of markets) {
        const state = this.state[i];
        if (state === 2) continue;
        if (state === 0) touched.push(i);
        if (rare || state === 1) {
          this.state[i] = 2;
          near.push(i);
        } else this.state[i] = 1;
      }
    }
    for (const i of touched) this.state[i] = 0;
    return near;
  }
}

/**
 * The matcher over every open Kalshi market, fed the Polymarket markets a batch at a time (the pairing job reads
 * the search index in pages, so that no more than a page of events is held at once): each batch is scored
 * against the Kalshi markets sharing words with it and only the pairs reaching MATCH_THRESHOLD are kept.
 */
export class PairMatcher {
  private readonly kalshi: { ticker: string; side: Side }[];
  private readonly index: WordIndex;
  /** The refused tickers by Polymarket market: looked up once per market, not once per candidate. */
  private readonly refused = new Map<string, Set<string>>();
  private readonly seen = new Set<string>();
  private readonly candidates: ProposedPair[] = [];

  private readonly overrides: readonly PairOverride[];

  constructor(kalshi: readonly KalshiSide[], overrides: readonly PairOverride[] = []) {
    this.overrides = overrides;
    // Each side read once; a pair is scored only when its markets share a word (most share none).
    this.kalshi = kalshi.map((k) => ({ ticker: k.ticker, side: kalshiSide(k) }));
    this.index = new WordIndex(this.kalshi.map((k) => k.side.words));
    for (const o of overrides) {
      if (o.verdict !== "refused") continue;
      const tickers = this.refused.get(o.polymarketId);
      if (tickers) tickers.add(o.kalshiTicker);
      else this.refused.set(o.polymarketId, new Set([o.kalshiTicker]));
    }
  }

  /** Scores these Polymarket markets (a market already added is skipped). */
  add(polymarket: readonly PolymarketSide[]): void {
    for (const p of polymarket) {
      if (this.seen.has(p.id)) continue;
      this.seen.add(p.id);
      const ps = polymarketSide(p);
      const refused = this.refused.get(p.id);
      for (const i of this.index.candidatesOf(ps.words)) {
        const k = this.kalshi[i];
        if (!k || refused?.has(k.ticker)) continue;
        const scored = compare(ps, k.side);
        if (scored.conflict === null && scored.score >= MATCH_THRESHOLD)
          this.candidates.push({ ...scored, polymarketId: p.id, kalshiTicker: k.ticker, decidedBy: "score" });
      }
    }
  }

  /**
   * The pairs to show: confirmed overrides first (both markets present), then the best-scoring pairs, each
   * market in one pair at most (highest score first); refused overrides are never shown.
   */
  pairs(): ProposedPair[] {
    const usedP = new Set<string>();
    const usedK = new Set<string>();
    const shown: ProposedPair[] = [];
    const tickers = new Set(this.kalshi.map((k) => k.ticker));
    for (const o of this.overrides) {
      if (o.verdict !== "confirmed" || !this.seen.has(o.polymarketId) || !tickers.has(o.kalshiTicker))
        continue;
      if (usedP.has(o.polymarketId) || usedK.has(o.kalshiTicker)) continue;
      usedP.add(o.polymarketId);
      usedK.add(o.kalshiTicker);
      shown.push({
        polymarketId: o.polymarketId,
        kalshiTicker: o.kalshiTicker,
        score: 1,
        reasons: [`confirmed by hand: ${o.note}`],
        conflict: null,
        decidedBy: "confirmed",
      });
    }
    const ranked = [...this.candidates].sort(
      (a, b) => b.score - a.score || a.polymarketId.localeCompare(b.polymarketId),
    );
    for (const c of ranked) {
      if (usedP.has(c.polymarketId) || usedK.has(c.kalshiTicker)) continue;
      usedP.add(c.polymarketId);
      usedK.add(c.kalshiTicker);
      shown.push(c);
    }
    return shown;
  }
}

/** The pairs to show among these markets (PairMatcher over one batch). */
export function proposePairs(
  polymarket: readonly PolymarketSide[],
  kalshi: readonly KalshiSide[],
  overrides: readonly PairOverride[] = [],
): ProposedPair[] {
  const matcher = new PairMatcher(kalshi, overrides);
  matcher.add(polymarket);
  return matcher.pairs();
}
