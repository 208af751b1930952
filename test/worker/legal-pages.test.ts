/**
 * The legal pages as the Worker renders them (decision 0050): the privacy and cookie policies name the local
 * storage keys the watchlist and alerts use, say that an alert subscription is stored on our server until it
 * is deleted or refused by the push service and how to delete it, and carry the date of that change; the
 * terms, unchanged, keep the seed date.
 */
import { describe, expect, it } from "vitest";
import { ALERTS_KEY } from "~/lib/alerts-storage";
import { WATCHLIST_KEY } from "~/lib/watchlist";
import { CRAWLER, workerTest } from "./support/worker";

const t = workerTest();

/** The page's HTML, and its text with the tags gone and entities read. */
async function render(path: string): Promise<{ html: string; text: string }> {
  const res = await t.worker.fetch(path, { headers: CRAWLER });
  expect(res.status, path).toBe(200);
  const html = (await res.text()).replaceAll("<!-- -->", "");
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  const text = main
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
  return { html, text };
}

describe("the privacy and cookie policies say what is stored", () => {
  it.each(["/privacy-policy", "/cookie-policy"])(
    "%s: the keys, the server's copy, its removal and the new date",
    async (path) => {
      const { html, text } = await render(path);
      for (const key of [WATCHLIST_KEY, ALERTS_KEY, "react-router-scroll-positions"]) {
        expect(html).toContain(
          `<code class="block break-all text-slate-700" data-testid="storage-key">${key}</code>`,
        );
      }
      expect(text).toContain("Your watchlist and alert choices are kept in your browser's local storage");
      expect(text).toContain("your browser's push subscription is stored on our server, in our database");
      expect(text).toContain(
        "the push service address your browser gave us (its endpoint) and its two encryption keys, with your alert rules",
      );
      expect(text).toContain("(it refuses an alert we send with 404 or 410)");
      expect(text).toContain('press Remove beside each one under "Your alerts"');
      expect(text).toContain("removing the last one deletes the subscription from our server");
      expect(text).toContain("Last updated: November 26, 2026");
      expect(html).toContain('<time dateTime="2026-11-26">November 26, 2026</time>');
      expect(html).toContain('"dateModified":"2026-11-26"');
      expect(text).not.toContain("January 1, 2025");
      // Still true: no cookie is set by the application.
      expect(text).toContain("sets no cookies");
    },
  );

  it("the terms of service, unchanged, keep the seed date", async () => {
    const { html, text } = await render("/terms-of-service");
    expect(text).toContain("Last updated: January 1, 2025");
    expect(html).toContain('<time dateTime="2025-01-01">January 1, 2025</time>');
    expect(html).toContain('"dateModified":"2025-01-01"');
  });
});
