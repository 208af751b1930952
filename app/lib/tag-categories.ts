/**
 * Gamma tag slugs that put an event in one of the 11 categories (decision 0028). Data only:
 * `categories.ts` types it against CategorySlug and answers `eventCategories` from it (this module
 * imports nothing, so the two never form an import cycle).
 *
 * A tag is a topic only if its slug says what the event is about. Left out on purpose: Gamma's
 * housekeeping tags (all, featured, hide-from-new, recurring, 5M, 2025-predictions, other…), catch-alls
 * that span several categories (finance, science, investment, markets, us…), and people, companies and
 * places (nikki-haley, amazon, canada…), except Trump (Gamma uses him as a politics section) and the
 * parties to the conflicts Gamma files under geopolitics.
 */

// biome-ignore format: slug lists read better packed than one slug a line
export const TAG_SLUGS_BY_CATEGORY = {
  politics: [
    "politics", "us-politics", "uptspt-politics", "elections", "election", "world-elections",
    "global-elections", "us-election", "us-elections", "us-presidential-election", "presidential-election",
    "2024-election", "2024-presidential-election", "primaries", "primary-elections", "election-results",
    "trump", "donald-trump", "trump-presidency", "trump-cabinet", "maga", "us-government", "congress",
    "senate-elections", "scotus", "republican-party", "republicans", "democratic-party", "democrats", "gop",
    "potus", "immigration", "government-shutdown", "legislation", "federal-government", "public-policy",
  ],
  sports: [
    "sports", "nfl", "nba", "mlb", "nhl", "ice-hockey", "soccer", "football", "american-football",
    "college-football", "super-bowl", "epl", "champions-league", "fifa-world-cup", "2026-fifa-world-cup",
    "tennis", "australian-open", "golf", "f1", "ufc", "mma", "mixed-martial-arts", "boxing", "horse-racing",
  ],
  crypto: [
    "crypto", "cryptocurrency", "crypto-prices", "crypto-policy", "crypto-listings", "bitcoin", "btc",
    "ethereum", "eth", "solana", "xrp", "ripple", "litecoin", "cardano", "altcoins", "stablecoins",
    "blockchain", "nfts", "airdrop", "airdrops", "microstrategy", "coinbase", "binance",
  ],
  "ai-tech": [
    "ai", "artificial-intelligence", "openai", "deepseek", "grok", "llm", "tech", "technology",
    "spacex", "space", "physics", "cybersecurity",
  ],
  markets: [
    "economy", "economics", "global-economy", "economic-policy", "fed", "fed-rates", "stocks", "stock-market",
    "nyse", "treasuries", "commodities", "gold", "metals",
  ],
  culture: [
    "culture", "pop-culture", "music", "movies", "film", "films", "film-industry", "box-office", "hollywood",
    "entertainment", "awards", "oscars", "grammys", "emmys", "television", "celebrities", "celebrity-news",
    "social-media", "tweets-markets", "internet-culture", "mentions",
  ],
  business: [
    "business", "big-tech", "companies", "ceo", "ceos", "earnings", "ipos", "mergers-and-acquisitions",
    "acquisition", "bankruptcy", "corporate-news", "international-business",
  ],
  health: ["health", "pandemics", "covid", "covid-19", "bird-flu", "h5n1", "vaccine", "medicine"],
  climate: [
    "climate", "weather", "global-warming", "global-temp", "climate-science", "environment",
    "natural-disasters",
  ],
  gaming: ["gaming", "esports", "video-games", "gta-vi"],
  international: [
    "geopolitics", "world", "international", "international-relations", "foreign-policy", "middle-east",
    "israel", "gaza", "hamas", "hezbollah", "lebanon", "iran", "syria", "houthis", "russia", "ukraine",
    "china", "taiwan", "north-korea", "india-pakistan", "nato", "military", "military-action", "conflict",
    "war",
  ],
} as const;

/**
 * The keys a tag is looked up by: its slug, then its label written as a slug. Both are trimmed and
 * lowercased because Gamma is not consistent ("EPL", "finance" / "Finance"), and the label helps
 * where a slug is mangled: "uptspt-politics" is labelled "U.S. Politics", i.e. "us-politics".
 */
export function tagKeys(tag: { readonly slug: string; readonly label: string }): string[] {
  return [tag.slug.trim().toLowerCase(), slugify(tag.label)];
}

function slugify(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[.'’]/g, "") // "U.S." → "us", not "u-s"
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}
