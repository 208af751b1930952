/**
 * A market or event page that is not found is no dead end (decision 0050): the 404 names the slug that was
 * asked for and links to Polymarket's search for its words. The slug comes from the URL: it is rendered as
 * text and encoded into the link, whatever it holds; the status stays 404.
 */
import { describe, expect, it } from "vitest";
import { calls } from "./support/upstreams";
import { BROWSER, workerTest } from "./support/worker";

const t = workerTest();

async function page(path: string): Promise<{ status: number; html: string }> {
  const res = await t.worker.fetch(path, { headers: BROWSER });
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
}

/** The 404's sentence, and the search link's href and text. */
function hintOf(html: string): { sentence?: string; href?: string; link?: string } {
  const sentence = /data-testid="missing-slug"[^>]*>([^<]*)</.exec(html)?.[1];
  const link = /<a href="([^"]*)"[^>]*data-testid="missing-search"[^>]*>([^<]*)</.exec(html);
  return { sentence, href: link?.[1]?.replaceAll("&amp;", "&"), link: link?.[2] };
}

describe("a page that is not found names its slug and offers Polymarket's search", () => {
  it.each(["market", "event"])("an unknown %s: 404, the slug, and a search for its words", async (kind) => {
    const slug = `no-such-${kind}-anywhere`;
    const { status, html } = await page(`/${kind}/${slug}`);
    expect(status).toBe(404);
    expect(html).toContain("Oops! Page not found");
    expect(hintOf(html)).toEqual({
      sentence: `We couldn’t find the ${kind} “${slug}”.`,
      href: `https://polymarket.com/search?q=no%20such%20${kind}%20anywhere`,
      link: `Search Polymarket for “no such ${kind} anywhere”`,
    });
    expect(html).toMatch(
      /data-testid="missing-search"[^>]*>[^<]*<span class="sr-only"> \(opens in a new tab\)/,
    );
    expect(html).toMatch(
      /<a href="https:\/\/polymarket\.com\/search\?q=[^"]*" target="_blank" rel="noopener noreferrer"/,
    );
  });

  it("an impossible slug is named too, as text, with no upstream call; hostile text never becomes markup", async () => {
    calls.gamma = calls.data = calls.clob = 0;
    const cases = [
      { path: "/market/%3Cscript%3Ealert(1)%3C%2Fscript%3E", shown: "&lt;script&gt;alert(1)&lt;/script&gt;" },
      { path: "/event/a%22%20onmouseover%3D%22x", shown: "a&quot; onmouseover=&quot;x" },
      { path: "/market/Not_A_Slug", shown: "Not_A_Slug" },
      { path: "/event/%E2%80%AEevil%00", shown: "evil" },
    ];
    for (const { path, shown } of cases) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).not.toContain("<script>alert(1)");
      expect(html, path).not.toContain('" onmouseover="x');
      const hint = hintOf(html);
      expect(hint.sentence, path).toContain(`“${shown}”`);
      // The link is Polymarket's search with the words as one encoded parameter.
      const url = new URL(hint.href ?? "");
      expect(url.origin + url.pathname, path).toBe("https://polymarket.com/search");
      expect([...url.searchParams.keys()], path).toEqual(["q"]);
    }
    expect(calls.gamma + calls.data + calls.clob).toBe(0);
  });

  it("a very long slug is cut before it is shown", async () => {
    const { status, html } = await page(`/market/${"a".repeat(5_000)}`);
    expect(status).toBe(404);
    const hint = hintOf(html);
    expect(hint.sentence).toBe(`We couldn’t find the market “${"a".repeat(200)}”.`);
    expect(hint.href).toBe(`https://polymarket.com/search?q=${"a".repeat(200)}`);
  });

  it("any other page that is not found stays the plain 404", async () => {
    const { status, html } = await page("/no-such-page");
    expect(status).toBe(404);
    expect(html).toContain("Oops! Page not found");
    expect(html).not.toContain('data-testid="missing-slug"');
  });
});
