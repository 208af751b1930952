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

/** Origin for absolute URLs: SITE_URL when configured, else the request's own origin. */
export function siteOrigin(siteUrl: string | undefined, requestUrl: string): string {
  return siteUrl ?? new URL(requestUrl).origin;
}

/** The root loader's data, read by every route's meta function. */
export interface RootData {
  origin: string;
  supportEmail: string;
  /** The render's year (UTC), for the footer's copyright line. */
  year: number;
}

/** Finds the root loader data among meta matches (typed loosely by React Router). */
export function rootData(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): RootData {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;
  return root ?? { origin: "", supportEmail: "", year: new Date().getUTCFullYear() };
}
