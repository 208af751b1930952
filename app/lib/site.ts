/** The public paths of SPEC §2, shared by the route table, the sitemap and the navigation. */

export interface CategoryLink {
  /** Path of the page ("/" is Trending). */
  path: string;
  label: string;
}

/** Header navigation in SPEC order, then the track record. The watchlist sits by the search box. */
export const CATEGORY_LINKS: readonly CategoryLink[] = [
  { path: "/", label: "Trending" },
  { path: "/politics", label: "Politics" },
  { path: "/sports", label: "Sports" },
  { path: "/crypto", label: "Crypto" },
  { path: "/ai-tech", label: "AI & Tech" },
  { path: "/markets", label: "Markets" },
  { path: "/culture", label: "Culture" },
  { path: "/business", label: "Business" },
  { path: "/health", label: "Health" },
  { path: "/climate", label: "Climate" },
  { path: "/gaming", label: "Gaming" },
  { path: "/international", label: "International" },
  { path: "/whale-watch", label: "Whale Watch" },
  { path: "/track-record", label: "Track Record" },
  { path: "/compare", label: "Compare" },
];

/** Header links that are not market dashboards (no search, no cards). */
const NOT_DASHBOARDS: readonly string[] = ["/whale-watch", "/track-record", "/compare", "/watchlist"];

/**
 * Pages that are not in the sitemap: the watchlist is different in every browser (and says noindex).
 */
export const UNLISTED_PATHS: readonly string[] = ["/watchlist"];

export const FOOTER_LINKS: readonly CategoryLink[] = [
  { path: "/sentiment-analysis", label: "Sentiment Analysis" },
  { path: "/market-intelligence", label: "Market Intelligence" },
  { path: "/trading-signals", label: "Trading Signals" },
  { path: "/api-access", label: "API Access" },
  { path: "/help-center", label: "Help Center" },
  { path: "/status", label: "Status" },
  { path: "/privacy-policy", label: "Privacy Policy" },
  { path: "/terms-of-service", label: "Terms of Service" },
  { path: "/cookie-policy", label: "Cookie Policy" },
];

/** Every public HTML path that is the same for everyone (sitemap order); not the UNLISTED_PATHS. */
export const PUBLIC_PATHS: readonly string[] = [
  ...CATEGORY_LINKS.map((l) => l.path),
  ...FOOTER_LINKS.map((l) => l.path),
].filter((p) => !UNLISTED_PATHS.includes(p));

/** Paths that show the market dashboard (and take the `search` parameter). */
export const DASHBOARD_PATHS: readonly string[] = CATEGORY_LINKS.map((l) => l.path).filter(
  (p) => !NOT_DASHBOARDS.includes(p),
);

export function isDashboardPath(pathname: string): boolean {
  return DASHBOARD_PATHS.includes(pathname);
}
