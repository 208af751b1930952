import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { CATEGORIES } from "./lib/categories";

/** Every path of SPEC §2. The home page and the 11 category pages share one route module. */
export default [
  index("routes/dashboard.tsx", { id: "home" }),
  ...CATEGORIES.map((c) => route(c.slug, "routes/dashboard.tsx", { id: `category-${c.slug}` })),
  route("whale-watch", "routes/whale-watch.tsx"),
  route("market/:slug", "routes/market.tsx"),
  route("event/:slug", "routes/event.tsx"),
  route("sentiment-analysis", "routes/sentiment-analysis.tsx"),
  route("market-intelligence", "routes/market-intelligence.tsx"),
  route("trading-signals", "routes/trading-signals.tsx"),
  route("track-record", "routes/track-record.tsx"),
  route("compare", "routes/compare.tsx"),
  route("watchlist", "routes/watchlist.tsx"),
  route("api-access", "routes/api-access.tsx"),
  route("help-center", "routes/help-center.tsx"),
  route("status", "routes/status.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  route("trader/:wallet", "routes/trader.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
