/**
 * SPEC §5 category filter: keywords matched as whole words (or whole phrases) in the lowercase
 * title, so "ai" matches "AI" and "AI-generated" but not "Ukraine" or "said"; a trailing plural
 * "s"/"es" is allowed, but only for what no Gamma tag places (decision 0028). An event's categories
 * (`eventCategories`) come from its Gamma tag slugs first, the keywords only without one (decision 0028).
 */

import { matchesSearch } from "./search";
import { TAG_SLUGS_BY_CATEGORY, tagKeys } from "./tag-categories";

export type CategorySlug =
  | "politics"
  | "sports"
  | "crypto"
  | "ai-tech"
  | "markets"
  | "culture"
  | "business"
  | "health"
  | "climate"
  | "gaming"
  | "international";

export interface Category {
  slug: CategorySlug;
  label: string;
  /** Lowercase words or phrases. */
  keywords: readonly string[];
}

// biome-ignore format: keyword lists read better packed than one word a line
export const CATEGORIES: readonly Category[] = [
  {
    slug: "politics",
    label: "Politics",
    keywords: [
      "election", "president", "presidential", "mayor", "trump", "biden", "harris", "vance", "obama",
      "putin", "zelensky", "ukraine", "russia", "congress", "senate", "senator", "governor", "ceasefire",
      "democrat", "democratic", "republican", "gop", "parliament", "prime minister", "primary", "nominee",
      "nomination", "impeach", "impeachment", "cabinet", "supreme court", "white house", "speaker",
      "house of representatives", "midterm", "ballot", "vote", "poll", "doge", "deport", "deportation",
      "tariff", "government shutdown", "executive order", "pardon", "netanyahu", "newsom", "desantis",
      "aoc", "musk", "rfk", "fed chair", "secretary of state",
    ],
  },
  {
    slug: "sports",
    label: "Sports",
    keywords: [
      "champion", "championship", "super bowl", "nfl", "nba", "mlb", "nhl", "mls", "ncaa", "ufc", "f1",
      "formula 1", "grand prix", "verstappen", "hamilton", "leclerc", "norris", "piastri", "russell",
      "world cup", "fifa", "uefa", "premier league", "champions league", "la liga", "serie a",
      "bundesliga", "ligue 1", "olympics", "olympic", "wimbledon", "us open", "french open",
      "australian open", "tennis", "golf", "pga", "masters", "boxing", "stanley cup", "world series",
      "playoffs", "finals", "mvp", "heisman", "ballon d'or", "golden ball", "golden boot", "chiefs",
      "eagles", "49ers", "cowboys", "bills", "ravens", "lions", "packers", "steelers", "dolphins",
      "patriots", "jets", "giants", "bengals", "texans", "dodgers", "yankees", "mets", "braves",
      "astros", "phillies", "padres", "orioles", "cubs", "red sox", "lakers", "celtics", "warriors",
      "knicks", "nuggets", "thunder", "cavaliers", "real madrid", "barcelona", "arsenal", "liverpool",
      "manchester", "chelsea", "bayern", "psg", "inter", "juventus", "fc", "vs",
    ],
  },
  {
    slug: "crypto",
    label: "Crypto",
    keywords: [
      "bitcoin", "btc", "ethereum", "eth", "crypto", "cryptocurrency", "blockchain", "solana", "xrp",
      "ripple", "dogecoin", "cardano", "stablecoin", "usdc", "usdt", "tether", "binance", "coinbase",
      "memecoin", "altcoin", "microstrategy", "satoshi", "defi", "nft", "$100k", "$150k", "$200k",
    ],
  },
  {
    slug: "ai-tech",
    label: "AI & Tech",
    keywords: [
      "ai", "artificial intelligence", "agi", "gpt", "chatgpt", "openai", "anthropic", "claude", "gemini",
      "google", "alphabet", "deepmind", "grok", "xai", "llm", "nvidia", "apple", "iphone", "microsoft",
      "meta", "tesla", "robotaxi", "spacex", "starship", "starlink", "semiconductor", "chip", "quantum",
      "tiktok", "twitter", "neuralink", "humanoid", "robot", "app store", "tech",
    ],
  },
  {
    slug: "markets",
    label: "Markets",
    keywords: [
      "fed", "federal reserve", "fomc", "powell", "interest rate", "rate cut", "rate hike", "bps",
      "stock", "s&p", "s&p 500", "nasdaq", "dow", "recession", "inflation", "cpi", "gdp",
      "unemployment", "jobs report", "treasury", "yield", "bond", "oil", "gold", "silver", "dollar",
      "euro", "yen", "market cap", "largest company", "all time high", "ath", "close above", "close below",
    ],
  },
  {
    slug: "culture",
    label: "Culture",
    keywords: [
      "movie", "film", "oscar", "academy award", "grammy", "emmy", "golden globe", "netflix",
      "box office", "album", "song", "spotify", "billboard", "taylor swift", "beyonce", "drake", "kanye",
      "rihanna", "celebrity", "tv", "youtube", "mrbeast", "met gala", "eurovision", "rotten tomatoes",
      "disney", "marvel", "person of the year", "super bowl halftime", "pope", "wedding", "pregnant",
      "tweet", "podcast",
    ],
  },
  {
    slug: "business",
    label: "Business",
    keywords: [
      "earnings", "revenue", "profit", "ipo", "merger", "acquisition", "acquire", "ceo", "layoff",
      "bankruptcy", "bankrupt", "antitrust", "apple", "amazon", "microsoft", "nvidia", "tesla", "meta",
      "google", "walmart", "berkshire", "openai", "stripe", "spacex", "boeing", "intel", "netflix",
      "valuation", "market cap", "company", "companies", "startup", "doge", "elon",
    ],
  },
  {
    slug: "health",
    label: "Health",
    keywords: [
      "health", "covid", "pandemic", "epidemic", "virus", "vaccine", "vaccination", "measles",
      "bird flu", "h5n1", "flu", "disease", "outbreak", "cdc", "world health organization", "fda",
      "hospital", "cancer", "drug", "ozempic", "glp-1", "medicare", "medicaid", "obamacare", "abortion",
      "mpox", "ebola", "rfk", "surgeon general", "life expectancy", "obesity", "overdose", "fentanyl",
    ],
  },
  {
    slug: "climate",
    label: "Climate",
    keywords: [
      "climate", "temperature", "hottest", "warmest", "global warming", "carbon", "co2", "emissions",
      "hurricane", "typhoon", "tornado", "wildfire", "flood", "drought", "earthquake", "weather",
      "snowfall", "heatwave", "el nino", "la nina", "arctic", "sea ice", "cop29", "cop30",
      "paris agreement", "renewable", "solar", "wind power", "natural disaster", "noaa", "nasa",
    ],
  },
  {
    slug: "gaming",
    label: "Gaming",
    keywords: [
      "video game", "gaming", "gamer", "gta", "gta vi", "grand theft auto", "nintendo", "switch 2",
      "playstation", "ps5", "ps6", "xbox", "steam", "valve", "esports", "league of legends", "dota",
      "counter-strike", "cs2", "valorant", "fortnite", "minecraft", "roblox", "twitch", "game awards",
      "game of the year", "call of duty", "pokemon", "elden ring", "zelda", "mario", "ea sports",
      "speedrun", "streamer",
    ],
  },
  {
    slug: "international",
    label: "International",
    keywords: [
      "global", "treaty", "sanctions", "nato", "united nations", "china", "chinese", "taiwan", "war",
      "invasion", "invade", "ceasefire", "israel", "gaza", "hamas", "hezbollah", "iran", "north korea",
      "south korea", "india", "pakistan", "european union", "eu", "brexit", "g7", "g20", "summit",
      "xi jinping", "xi", "modi", "macron", "starmer", "merz", "germany", "france", "uk", "britain",
      "japan", "mexico", "canada", "venezuela", "maduro", "syria", "ukraine", "russia", "putin",
      "zelensky", "greenland", "panama", "middle east", "peace deal", "military", "missile", "nuclear",
    ],
  },
];

const BY_SLUG = new Map<string, Category>(CATEGORIES.map((c) => [c.slug, c]));

/** The category for a path segment, or undefined for Trending / unknown. */
export function categoryBySlug(slug: string | undefined): Category | undefined {
  return slug === undefined ? undefined : BY_SLUG.get(slug);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * One regex per category: each keyword bounded by non-alphanumerics (lookarounds, so "$100k" and
 * "s&p" work), with an optional plural ending.
 */
const PATTERNS = new Map<CategorySlug, RegExp>(
  CATEGORIES.map((c) => [
    c.slug,
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${c.keywords.map(escapeRegExp).join("|")})(?:e?s)?(?![\\p{L}\\p{N}])`,
      "u",
    ),
  ]),
);

function matchesKeywords(title: string, slug: CategorySlug): boolean {
  return PATTERNS.get(slug)?.test(title.toLowerCase()) ?? false;
}

/**
 * Whether a market belongs to a category: by its event's tags (decision 0028), else by title keywords.
 * A market carries its event's tag labels, so it is categorised as its event is.
 */
export function matchesCategory(title: string, tags: readonly string[], category: Category): boolean {
  // `eventCategories(…).includes(category)`, without working out every other category on each call.
  let tagged = false;
  for (const label of tags) {
    const slug = tagCategory({ slug: "", label });
    if (slug === category.slug) return true;
    if (slug !== undefined) tagged = true;
  }
  return !tagged && matchesKeywords(title, category.slug);
}

// Typed so a missing or misspelt category in the tag table is a compile error (a test rejects extras).
const TAG_TABLE: Readonly<Record<CategorySlug, readonly string[]>> = TAG_SLUGS_BY_CATEGORY;

/** Gamma tag slug → category (decision 0028). A Map, so "constructor" or "__proto__" map to nothing. */
export const TAG_CATEGORIES: ReadonlyMap<string, CategorySlug> = new Map(
  CATEGORIES.flatMap((c) => TAG_TABLE[c.slug].map((tag) => [tag, c.slug] as const)),
);

/** The category one Gamma tag stands for, by slug or else by label; undefined when it is no topic. */
export function tagCategory(tag: {
  readonly slug: string;
  readonly label: string;
}): CategorySlug | undefined {
  for (const key of tagKeys(tag)) {
    const slug = TAG_CATEGORIES.get(key);
    if (slug !== undefined) return slug;
  }
  return undefined;
}

/** What `eventCategories` reads of an event: Gamma's title and tags. */
export interface CategorisedEvent {
  title: string;
  tags: readonly { readonly slug: string; readonly label: string }[];
}

/**
 * Every category an event belongs to, in CATEGORIES order (decision 0028). Its tags decide when any
 * of them maps: Gamma's editors chose them, while title words mislead ("Doge ETF approved?" reads as
 * politics and business, "Suozzi (D) vs. Pilip (R)" as sports, "AI on Amazon speaker" as politics).
 * Only an event without one mapped tag falls back to the SPEC's title keywords.
 */
export function eventCategories(event: CategorisedEvent): CategorySlug[] {
  const tagged = new Set<CategorySlug>();
  for (const tag of event.tags) {
    const slug = tagCategory(tag);
    if (slug !== undefined) tagged.add(slug);
  }
  if (tagged.size > 0) return CATEGORIES.filter((c) => tagged.has(c.slug)).map((c) => c.slug);
  return CATEGORIES.filter((c) => matchesKeywords(event.title, c.slug)).map((c) => c.slug);
}

/** The first of `eventCategories` (CATEGORIES order), or null when the event is in none. */
export function primaryCategory(event: CategorisedEvent): CategorySlug | null {
  return eventCategories(event)[0] ?? null;
}

/** Applies the category (if any) and the search to a list of markets. */
export function filterMarkets<T extends { title: string; tags: readonly string[] }>(
  markets: readonly T[],
  category: Category | undefined,
  search: string,
): T[] {
  return markets.filter(
    (m) =>
      (category === undefined || matchesCategory(m.title, m.tags, category)) &&
      matchesSearch(m.title, search),
  );
}
