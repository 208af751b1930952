import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "~/lib/dashboard";
import { PUBLIC_PATHS } from "~/lib/site";
import { calls, upstreams } from "./support/upstreams";
import { BROWSER, workerTest } from "./support/worker";

const t = workerTest();

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy")).toContain("camera=()");
}

describe("plain routes", () => {
  it("serves robots.txt as text with the sitemap's absolute URL", async () => {
    const res = await t.worker.fetch("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toContain("User-agent: *");
    expect(body).toContain("Disallow: /api/");
    expect(body).toContain("Sitemap: https://oddspulse.example/sitemap.xml");
    expectSecurityHeaders(res);
  });

  it("lists every public path of SPEC §2 in sitemap.xml with absolute URLs", async () => {
    const res = await t.worker.fetch("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const body = await res.text();
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PATHS.map((p) => `https://oddspulse.example${p}`));
    expect(locs).toHaveLength(24);
    expect(locs).toContain("https://oddspulse.example/whale-watch");
    expect(locs).toContain("https://oddspulse.example/compare");
    expect(locs).toContain("https://oddspulse.example/track-record");
    expect(locs).toContain("https://oddspulse.example/cookie-policy");
  });

  it("answers health with the pipeline status as JSON", async () => {
    const res = await t.worker.fetch("/api/health");
    expect(res.status).toBe(200);
    const body = await res.json<{ ok: boolean; snapshots: { markets: { fetchedAt: string | null } } }>();
    expect(body.ok).toBe(true);
    expect(body.snapshots.markets).toHaveProperty("fetchedAt");
    expectSecurityHeaders(res);
  });

  it("rejects unexpected methods on the API with 405 and unknown API paths with 404", async () => {
    const post = await t.worker.fetch("/api/markets", { method: "POST" });
    expect(post.status).toBe(405);
    const unknown = await t.worker.fetch("/api/nope");
    expect(unknown.status).toBe(404);
  });
});

describe("server-rendered pages", () => {
  it("renders the home page with the recorded markets for a crawler", async () => {
    const res = await t.worker.fetch("/", {
      headers: { "user-agent": "Googlebot/2.1" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expectSecurityHeaders(res);
    const html = await res.text();
    expect(html).toContain("Market Sentiment Intelligence");
    expect(html).toContain("2026 NBA Champion");
    expect(html.match(/data-testid="event-card"/g)).toHaveLength(PAGE_SIZE);
  });

  it("sends a list page's cards without the fields no card shows", async () => {
    for (const path of ["/", "/sports.data"]) {
      const body = await (await t.worker.fetch(path, { headers: BROWSER })).text();
      // The loader data: a document's stream scripts (its sort links say "liquidity"), or a navigation's answer.
      const data = path.endsWith(".data")
        ? body
        : [...body.matchAll(/streamController\.enqueue\((".*?")\);<\/script>/gs)].map((m) => m[1]).join("");
      expect(data, path).toContain("2026 NBA Champion");
      for (const field of ["liquidity", "startDate", "volume24h", "probabilities"]) {
        expect(data, `${path}: ${field}`).not.toContain(field);
      }
    }
  });

  it("puts the response's nonce on every script element", async () => {
    const res = await t.worker.fetch("/", { headers: BROWSER });
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    // Executable scripts only: JSON-LD data blocks are not run and need no nonce.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("uses a different nonce for every response", async () => {
    const a = await t.worker.fetch("/robots.txt");
    const b = await t.worker.fetch("/robots.txt");
    expect(a.headers.get("content-security-policy")).not.toBe(b.headers.get("content-security-policy"));
  });

  it("answers an unknown path with the 404 page and status", async () => {
    const res = await t.worker.fetch("/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
    expect(html).toContain("<title>Page not found | OddsPulse</title>");
    expectSecurityHeaders(res);
  });
});

describe("streaming on a cold cache", () => {
  it("sends the shell before the slow feed answers, then streams the markets", async () => {
    const { delay, http, HttpResponse } = await import("msw");
    const { recordedMarkets, GAMMA } = await import("./support/upstreams");
    const { eventsOf } = await import("../support/upstream-answers");
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    upstreams.use(
      http.get(`${GAMMA}/events/keyset`, async () => {
        await gate;
        await delay(10);
        return HttpResponse.json({ events: eventsOf(recordedMarkets) });
      }),
    );
    const res = await t.worker.fetch("/", { headers: BROWSER });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error("no body");
    const decoder = new TextDecoder();
    // Read what arrives while the feed is still held back: the shell and the loading state.
    let shell = "";
    while (!shell.includes("Loading markets")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before the loading state: ${shell.slice(-3000)}`);
      shell += decoder.decode(value);
    }
    expect(shell).toContain("Market Sentiment Intelligence");
    expect(shell).not.toContain("2026 NBA Champion");
    release();
    let rest = "";
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      rest += decoder.decode(chunk.value);
    }
    expect(rest).toContain("2026 NBA Champion");
  });
});

describe("configuration", () => {
  it("answers a bad value with one clear line and status 503, not a stack trace", async () => {
    const { default: worker } = await import("../../workers/app");
    const { createExecutionContext } = await import("cloudflare:test");
    const { env } = await import("cloudflare:test");
    const res = await worker.fetch(
      new Request("https://oddspulse.example/"),
      { ...env, UPSTREAM_TIMEOUT_MS: "soon" },
      createExecutionContext(),
    );
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(body).toBe("Service misconfigured. Invalid configuration: UPSTREAM_TIMEOUT_MS must be a number");
    expect(body).not.toContain("at ");
  });
});

describe("page memory", () => {
  it("serves a repeat visit from memory with a fresh nonce in the header and the markup", async () => {
    await t.worker.fetch("/api/markets"); // data cached: the page renders whole, so it can be kept
    const first = await t.worker.fetch("/politics", { headers: BROWSER });
    const firstHtml = await first.text();
    expect(first.headers.get("x-cache")).toBe("MISS");
    await t.worker.settle(); // the copy is kept once the first response has streamed
    const gammaCalls = calls.gamma;
    const second = await t.worker.fetch("/politics", { headers: BROWSER });
    const secondHtml = await second.text();
    expect(second.headers.get("x-cache")).toBe("HIT");
    const nonceOf = (res: Response) =>
      /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    const [a, b] = [nonceOf(first), nonceOf(second)];
    expect(a && b && a !== b).toBe(true);
    expect(secondHtml).toContain(`nonce="${b}"`);
    expect(secondHtml).not.toContain(`nonce="${a}"`);
    expect(secondHtml.replaceAll(b ?? "", "N")).toBe(firstHtml.replaceAll(a ?? "", "N"));
    expect(calls.gamma).toBe(gammaCalls);
  });
});

describe("security headers on every page", () => {
  it.each(PUBLIC_PATHS.map((p) => [p]))("%s", async (path) => {
    const res = await t.worker.fetch(path, { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expectSecurityHeaders(res);
    await res.body?.cancel();
  });
});

describe("caching headers", () => {
  it("pages and their data requests may not be kept by shared caches and are asked for again", async () => {
    await t.worker.fetch("/api/markets");
    for (const path of ["/", "/politics", "/politics.data", "/no-such-page"]) {
      const res = await t.worker.fetch(path, { headers: BROWSER });
      await res.arrayBuffer();
      expect(res.headers.get("cache-control"), path).toBe("private, no-cache");
    }
    // The page memory keeps the header too.
    const again = await t.worker.fetch("/politics", { headers: BROWSER });
    expect(again.headers.get("cache-control")).toBe("private, no-cache");
  });
});
