/**
 * Inside workerd: the health answers tell the truth in each state (ok only when every
 * snapshot is fresh and the history database answers), and the API's HTTP does too (a 304 keeps the CORS
 * and caching headers, 503s say when to retry, the status ETag follows its content rather than the clock,
 * the document declares the headers and the 405 and 429 answers, HEAD is served from the page memory).
 */
import { describe, expect, it, vi } from "vitest";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import { failingDb, type TestWorker, testWorker, workerTest } from "./support/worker";

const t = workerTest();

let ip = 0;
const client = () => ({ "cf-connecting-ip": `192.0.2.${++ip}` });

interface Health {
  ok: boolean;
  state: string;
  reasons: string[];
  history: { ok: boolean; lastWriteAt: string | null; lastReadAt: string | null; error: string | null };
  snapshots: { markets: { state: string }; whales: { state: string } };
}

async function healthOf(on: TestWorker, path: "/api/health" | "/api/v1/status") {
  const response = await on.fetch(path, { headers: client() });
  return { response, body: (await response.json()) as Health };
}

async function runCrons(on: TestWorker = t.worker): Promise<void> {
  await on.scheduled(MARKETS_CRON);
  await on.scheduled(WHALES_CRON);
  await on.settle();
}

describe("the health answers in each state", () => {
  it("ok (200) with every snapshot fresh and the history database answering, its last write given", async () => {
    await runCrons();
    for (const path of ["/api/health", "/api/v1/status"] as const) {
      const { response, body } = await healthOf(t.worker, path);
      expect(response.status, path).toBe(200);
      expect(body).toMatchObject({ ok: true, state: "ok", reasons: [] });
      expect(body.snapshots.markets.state).toBe("fresh");
      expect(body.snapshots.whales.state).toBe("fresh");
      expect(body.history.ok).toBe(true);
      expect(Date.now() - Date.parse(body.history.lastWriteAt ?? "")).toBeLessThan(60_000);
    }
  });

  it("degraded (503 with Retry-After) when the history database fails, though the snapshots are fresh", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await runCrons();
    const broken = testWorker({ DB: failingDb });
    for (const path of ["/api/health", "/api/v1/status"] as const) {
      const { response, body } = await healthOf(broken, path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("retry-after"), path).toBe("60");
      expect(body).toMatchObject({ ok: false, state: "degraded" });
      expect(body.snapshots.markets.state).toBe("fresh");
      expect(body.history).toMatchObject({ ok: false, error: "The history database cannot be read" });
      expect(body.reasons).toEqual(["History: The history database cannot be read"]);
    }
    await broken.settle();
  });

  it("degraded when a snapshot is past its freshness, even without a failure on record", async () => {
    await runCrons();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    // Another isolate, no refresh possible yet (the lock of the stale read is taken in the background).
    const later = testWorker();
    const { response, body } = await healthOf(later, "/api/health");
    expect(response.status).toBe(503);
    // The status page's words (decision 0048): since when each went past its freshness.
    expect(body.reasons).toEqual([
      expect.stringMatching(/^Markets stale since .+ UTC$/),
      expect.stringMatching(/^Whale trades stale since .+ UTC$/),
    ]);
    await later.settle();
  });
});

describe("HTTP that tells the truth", () => {
  it("a 304 carries the same CORS, caching and rate-limit headers as the 200", async () => {
    await runCrons();
    const headers = { ...client(), origin: "https://elsewhere.example" };
    const first = await t.worker.fetch("/api/v1/markets?limit=3", { headers });
    const etag = first.headers.get("etag") ?? "";
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    const again = await t.worker.fetch("/api/v1/markets?limit=3", {
      headers: { ...headers, "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
    expect(again.headers.get("access-control-expose-headers")).toContain("ETag");
    expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    expect(again.headers.get("ratelimit-limit")).toBe("120");
    expect(again.headers.get("content-type")).toBeNull();
  });

  it("the status ETag stays the same while nothing changes, however the ages grow, and changes with the content", async () => {
    await runCrons();
    vi.useFakeTimers({ toFake: ["Date"] });
    const headers = client();
    const first = await t.worker.fetch("/api/v1/status", { headers });
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    vi.setSystemTime(Date.now() + 7_000);
    const later = await t.worker.fetch("/api/v1/status", { headers });
    expect(
      ((await later.json()) as { snapshots: { markets: { ageSeconds: number } } }).snapshots.markets
        .ageSeconds,
    ).toBeGreaterThanOrEqual(7);
    expect(later.headers.get("etag")).toBe(etag);
    const conditional = await t.worker.fetch("/api/v1/status", {
      headers: { ...headers, "if-none-match": etag },
    });
    expect(conditional.status).toBe(304);
    // A new market snapshot is a new answer.
    vi.setSystemTime(Date.now() + 60_000);
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    vi.setSystemTime(Date.now() + 6_000); // past the records' memo
    const changed = await t.worker.fetch("/api/v1/status", {
      headers: { ...headers, "if-none-match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("v1 503 answers carry Retry-After", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = testWorker({ DB: failingDb });
    const response = await broken.fetch("/api/v1/track-record", { headers: client() });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    await broken.settle();
  });

  it("the document declares the response headers and the 405 and 429 answers of every operation", async () => {
    type Responses = Record<string, { headers?: Record<string, unknown> }>;
    const doc = (await (await t.worker.fetch("/api/v1/openapi.json", { headers: client() })).json()) as {
      paths: Record<string, Partial<Record<"get" | "post" | "delete", { responses: Responses }>>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => [`${method} ${path}`, method, op.responses] as const),
    );
    expect(operations.length).toBeGreaterThanOrEqual(9);
    for (const [name, method, responses] of operations) {
      if (method === "get") {
        expect(Object.keys(responses["200"]?.headers ?? {}).sort(), name).toEqual(
          ["Cache-Control", "ETag", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"].sort(),
        );
        expect(Object.keys(responses["304"]?.headers ?? {}), name).toContain("ETag");
      } else {
        // The alerts' writes: their success answers carry the rate headers.
        const success = Object.keys(responses).find((status) => status.startsWith("2"));
        expect(Object.keys(responses[success ?? ""]?.headers ?? {}), name).toContain("RateLimit-Limit");
      }
      expect(Object.keys(responses["429"]?.headers ?? {}), name).toContain("Retry-After");
      expect(Object.keys(responses["405"]?.headers ?? {}), name).toEqual(["Allow"]);
      if (responses["503"])
        expect(Object.keys(responses["503"].headers ?? {}), name).toContain("Retry-After");
    }
  });

  it("HEAD is answered from the page memory like GET: the same headers, no body, no new render", async () => {
    await runCrons();
    const get = await t.worker.fetch("/", { headers: client() });
    await get.text();
    await t.worker.settle(); // the finished page is kept
    const head = await t.worker.fetch("/", { method: "HEAD", headers: client() });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(head.headers.get("content-type")).toContain("text/html");
    expect(head.headers.get("content-security-policy")).toContain("nonce-");
    expect(await head.text()).toBe("");
  });
});
