import { Hono } from "hono";
import { marketSnapshot } from "../app/.server/snapshots/markets";
import type { WorkerEnv } from "../app/.server/worker-env";
import { eventPath } from "../app/lib/event-page";
import { marketPath } from "../app/lib/market-page";
import { siteOrigin } from "../app/lib/seo";
import { PUBLIC_PATHS } from "../app/lib/site";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export const seo = new Hono<WorkerEnv>()
  .get("/robots.txt", (c) => {
    const origin = siteOrigin(c.get("config").siteUrl, c.req.url);
    const body = [
      "User-agent: *",
      "Allow: /",
      "Disallow: /api/",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n");
    return c.text(body, 200, { "Cache-Control": "public, max-age=3600" });
  })
  .get("/sitemap.xml", async (c) => {
    const origin = siteOrigin(c.get("config").siteUrl, c.req.url);
    const url = (path: string, changefreq: string) =>
      `  <url><loc>${escapeXml(origin + path)}</loc><changefreq>${changefreq}</changefreq></url>`;
    // The markets currently shown (from the cached snapshot; never an upstream call for a sitemap).
    const snapshot = await marketSnapshot.read(c.get("deps"));
    const live = snapshot && snapshot.provenance.markets.kind !== "sample" ? snapshot : null;
    const markets = live ? live.markets.flatMap((m) => (m.slug ? [marketPath(m.slug)] : [])) : [];
    // The event pages the cards lead to (multi-outcome events; a one-market event's card leads to its
    // market page, listed above).
    const events = live ? live.events.flatMap((e) => (e.multi ? [eventPath(e.slug)] : [])) : [];
    const urls = [
      ...PUBLIC_PATHS.map((path) => url(path, path === "/" ? "hourly" : "daily")),
      ...events.map((path) => url(path, "hourly")),
      ...markets.map((path) => url(path, "hourly")),
    ];
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return c.body(body, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    });
  });
