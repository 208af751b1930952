/** Odd input gets a clear answer: never a 500, never reflected markup (quality-bar.md, Security). */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { keysetHandler, recordedMarkets, upstreams } from "./support/upstreams";
import { BROWSER, clearKv, testWorker, workerTest } from "./support/worker";

const t = workerTest();
const XSS = '"><script>alert(1)</script><img src=x onerror=alert(2)>';

async function get(path: string, init: RequestInit = {}) {
  const res = await t.worker.fetch(path, { ...init, headers: { ...BROWSER, ...init.headers } });
  return { res, body: await res.text() };
}

function expectNoInjectedMarkup(body: string) {
  expect(body).not.toContain("<script>alert(1)</script>");
  expect(body).not.toContain("<img src=x onerror");
  expect(body).not.toMatch(/<script(?![^>]*\bnonce=)(?![^>]*type="application\/ld\+json")[^>]*>/);
}

describe("query strings", () => {
  it.each([
    ["script-like search", `/?search=${encodeURIComponent(XSS)}`],
    ["script-like search on a category", `/politics?search=${encodeURIComponent(XSS)}`],
    ["very long search", `/?search=${"a".repeat(20_000)}`],
    ["repeated parameters", "/?search=trump&search=biden&search=%3Cb%3E"],
    ["invalid percent-encoding", "/?search=%E0%A4%A&x=%ZZ&%%%"],
    ["malformed query", "/?&&==&search&=x&;;"],
    ["unknown parameters", "/whale-watch?outcome=%3Cscript%3E&sort=drop%20table"],
    ["help search with markup", `/help-center?q=${encodeURIComponent(XSS)}`],
  ])("%s: answers 200 with the markup escaped", async (_name, path) => {
    const { res, body } = await get(path);
    expect(res.status).toBe(200);
    expectNoInjectedMarkup(body);
  });

  it("puts a script-like search in the title and the box as text", async () => {
    const { body } = await get(`/?search=${encodeURIComponent(XSS)}`);
    expect(body).toContain("Search Results for &quot;&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("paths and methods", () => {
  it.each([
    "/no-such-page",
    "/politics/extra/segments",
    "/../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/assets/../wrangler.toml",
    "/.dev.vars",
    "/%E0%A4%A",
    "/%00",
    `/${"x".repeat(5000)}`,
    `/${encodeURIComponent(XSS)}`,
  ])("%s → 404 page, not a 500", async (path) => {
    const { res, body } = await get(path);
    expect(res.status).toBe(404);
    expect(body).toContain("Oops! Page not found");
    expectNoInjectedMarkup(body);
  });

  it.each([
    ["POST", "/"],
    ["PUT", "/politics"],
    ["DELETE", "/whale-watch"],
    ["PATCH", "/help-center"],
  ])("%s %s → the site's 405 page with Allow, logged below error level", async (method, path) => {
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn");
    const { res, body } = await get(path, { method, body: method === "DELETE" ? undefined : "x=1" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(body).toContain("Method not allowed");
    expect(body).toContain("<title>Method not allowed | OddsPulse</title>");
    expect(body).toContain('aria-label="Categories"'); // inside the site's shell
    expect(body).not.toContain("did not provide an action");
    expect(body).not.toContain("Unexpected Application Error");
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    errors.mockRestore();
    warnings.mockRestore();
  });

  it.each([
    ["POST", "/api/markets"],
    ["DELETE", "/api/whales"],
    ["POST", "/robots.txt"],
  ])("%s %s → 404 or 405", async (method, path) => {
    const { res } = await get(path, { method });
    expect([404, 405]).toContain(res.status);
  });

  it("answers HEAD and OPTIONS without a 500", async () => {
    expect((await get("/", { method: "HEAD" })).res.status).toBe(200);
    expect((await get("/", { method: "OPTIONS" })).res.status).toBeLessThan(500);
  });
});

describe("untrusted upstream text", () => {
  const EVIL = "Will </script><script>alert(1)</script> happen\u2028\u2029 & <b>bold</b>?";
  const SHOWN_SLUG = "gta-vi-released-before-june-2026";

  beforeEach(async () => {
    await clearKv();
    // A one-market event shown on Trending: its market's question and its event's title both carry it.
    const markets = (recordedMarkets as Record<string, unknown>[]).map((m) =>
      m.slug === SHOWN_SLUG
        ? {
            ...m,
            question: EVIL,
            events: (m.events as Record<string, unknown>[]).map((e) => ({ ...e, title: EVIL })),
          }
        : m,
    );
    upstreams.use(keysetHandler(markets));
  });

  it.each([
    ["a browser (serialized loader data)", BROWSER],
    ["a crawler (complete page)", { "user-agent": "Googlebot/2.1" }],
  ])("cannot break out of any script element for %s", async (_name, headers) => {
    const res = await t.worker.fetch("/", { headers });
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(body).not.toContain("<script>alert(1)</script>");
    // Every script element ends where it should: its content has no "</script" and no raw U+2028/9.
    for (const [, content] of body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(content).not.toContain("<script");
      expect(content).not.toMatch(/[\u2028\u2029]/);
    }
    // The title is shown, as text.
    expect(body).toContain("Will &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; happen");
  });

  it("is escaped in the JSON API", async () => {
    const res = await t.worker.fetch("/api/markets");
    const text = await res.text();
    expect(res.headers.get("content-type")).toContain("application/json");
    const data = JSON.parse(text) as { markets: { title: string; slug: string }[] };
    expect(data.markets.find((m) => m.slug === SHOWN_SLUG)?.title).toBe(EVIL);
  });
});

describe("a very long search", () => {
  it("is cut to 200 characters before anything renders it", async () => {
    const long = "q".repeat(7_000);
    const { res, body } = await get(`/?search=${long}`);
    expect(res.status).toBe(200);
    expect(body).toContain("q".repeat(200));
    expect(body).not.toContain("q".repeat(201));
    expect(body.length).toBeLessThan(200_000);
    const help = await get(`/help-center?q=${long}`);
    expect(help.body).not.toContain("q".repeat(201));
  });
});

describe("the Host header", () => {
  it("never becomes an absolute URL: with SITE_URL set, sitemap, robots and canonical use SITE_URL", async () => {
    const evil = { headers: { host: "evil.example" } };
    const sitemap = await (await t.worker.fetch("http://evil.example/sitemap.xml", evil)).text();
    expect(sitemap).toContain("<loc>https://oddspulse.example/</loc>");
    expect(sitemap).not.toContain("evil.example");
    const robots = await (await t.worker.fetch("http://evil.example/robots.txt", evil)).text();
    expect(robots).toContain("Sitemap: https://oddspulse.example/sitemap.xml");
    const page = await (
      await t.worker.fetch("http://evil.example/help-center", {
        headers: { ...BROWSER, host: "evil.example" },
      })
    ).text();
    expect(page).toContain('<link rel="canonical" href="https://oddspulse.example/help-center"/>');
    expect(page).not.toContain("evil.example");
  });

  it("without SITE_URL, any host but loopback gets a clear configuration error, not its own origin back", async () => {
    const unset = testWorker({ SITE_URL: "" });
    const res = await unset.fetch("http://evil.example/sitemap.xml");
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(body).toMatch(/^Service misconfigured\. Invalid configuration: SITE_URL must be set/);
    expect(body).not.toContain("<loc>");
  });

  it("without SITE_URL, loopback serves with its own origin (local development)", async () => {
    const unset = testWorker({ SITE_URL: "" });
    const sitemap = await (await unset.fetch("http://127.0.0.1:8787/sitemap.xml")).text();
    expect(sitemap).toContain("<loc>http://127.0.0.1:8787/</loc>");
  });
});
