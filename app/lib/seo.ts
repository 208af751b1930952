/** Page metadata: title, description, canonical, Open Graph and JSON-LD (React Router escapes it). */
import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "OddsPulse";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute origin, from the root loader (SITE_URL or the request origin). */
  origin: string;
  /** Path of the canonical URL (no query string). */
  path: string;
  /** schema.org type of the page, WebPage by default. */
  type?: string;
  /** Extra JSON-LD properties merged into the page object. */
  structuredData?: Record<string, unknown>;
  noindex?: boolean;
}

/** The full meta list of a page. Titles get the site name appended. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = `${input.title} | ${SITE_NAME}`;
  const url = `${input.origin}${input.path}`;
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: `${input.origin}/og-image.png` },
    { name: "twitter:card", content: "summary_large_image" },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": input.type ?? "WebPage",
        name: title,
        description: input.description,
        url,
        isPartOf: { "@type": "WebSite", name: SITE_NAME, url: `${input.origin}/` },
        ...input.structuredData,
      },
    },
  ];
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether a request came to this machine's own loopback address (local development and tests). */
export function isLoopback(requestUrl: string): boolean {
  return LOOPBACK.has(new URL(requestUrl).hostname);
}

/**
 * Origin for absolute URLs (canonical, sitemap, robots, Open Graph): SITE_URL when configured. Without
 * it only a loopback request may lend its own origin; the Worker refuses every other Host before any
 * page is built (workers/app.ts), so an attacker's Host header never becomes a URL here.
 */
export function siteOrigin(siteUrl: string | undefined, requestUrl: string): string {
  if (siteUrl) return siteUrl;
  if (!isLoopback(requestUrl)) throw new Error("SITE_URL is required for a request that is not to loopback");
  return new URL(requestUrl).origin;
}

/** The root loader's data, read by every route's meta function. */
export interface RootData {
  origin: string;
  supportEmail: string;
  /** The render's year (UTC), for the footer's copyright line. */
  year: number;
  /**
   * Web Push alerts (decision 0043): the VAPID public key (base64url) when alerts are enabled (both keys
   * configured), else null. Only the public key: the private one never leaves the server.
   */
  pushPublicKey: string | null;
}

/** Finds the root loader data among meta matches (typed loosely by React Router). */
export function rootData(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): RootData {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  return root ?? { origin: "", supportEmail: "", year: new Date().getUTCFullYear(), pushPublicKey: null };
}
