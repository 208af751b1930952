import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { PUBLIC_PATHS } from "../../app/lib/site";
import { CANARY_MARKER, CANARY_SECRETS } from "../support/canaries";
import { BUILD_DIR, CANARY_LLM_KEY, CANARY_X_TOKEN } from "./global-setup";

const baseUrl = inject("baseUrl");
const liveUrl = inject("liveUrl");
const liveFixtureUrl = inject("liveFixtureUrl");
const CANARIES = [CANARY_X_TOKEN, CANARY_LLM_KEY];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe("static assets", () => {
  it("carry nosniff, HSTS and a referrer policy, and hashed assets cache for a year", async () => {
    const html = await (await fetch(`${baseUrl}/cookie-policy`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    for (const path of [asset, "/favicon.ico", "/og-image.png"]) {
      const res = await fetch(`${baseUrl}${path}`);
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("strict-transport-security"), path).toContain("max-age=31536000");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
    const hashed = await fetch(`${baseUrl}${asset}`);
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("secrets", () => {
  it("were present when the bundle was built, and are the secrets the running app uses", async () => {
    // The build saw them: the Cloudflare plugin copied the canary .dev.vars into the server build …
    const serverVars = readFileSync(join(BUILD_DIR, "server", ".dev.vars"), "utf8");
    for (const canary of CANARIES) expect(serverVars).toContain(canary);
    expect(JSON.parse(readFileSync(join(BUILD_DIR, CANARY_MARKER), "utf8")).secrets).toEqual(
      Object.keys(CANARY_SECRETS),
    );
    // … and the running Worker reads them from there: the live app sent them upstream as its keys.
    await (await fetch(`${liveUrl}/api/markets`)).text();
    const stats = (await (await fetch(`${liveFixtureUrl}/__stats`)).json()) as {
      authorizations: Record<string, string>;
    };
    expect(stats.authorizations.x).toBe(`Bearer ${CANARY_X_TOKEN}`);
    expect(stats.authorizations.llm).toBe(`Bearer ${CANARY_LLM_KEY}`);
  });

  it("never appear in any response of either running Worker", async () => {
    const paths = [
      ...PUBLIC_PATHS,
      "/api/markets",
      "/api/whales",
      "/api/health",
      "/robots.txt",
      "/sitemap.xml",
      "/nope",
      "/politics.data",
    ];
    for (const origin of [baseUrl, liveUrl]) {
      for (const path of paths) {
        const res = await fetch(`${origin}${path}`);
        const body = await res.text();
        const headers = JSON.stringify([...res.headers]);
        for (const canary of CANARIES) {
          expect(body, path).not.toContain(canary);
          expect(headers, path).not.toContain(canary);
        }
      }
    }
  });

  it("are not in the client bundle, not even by name", () => {
    const files = filesUnder(join(BUILD_DIR, "client"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, "latin1");
      for (const needle of [...CANARIES, "X_BEARER_TOKEN", "LLM_API_KEY"])
        expect(text, file).not.toContain(needle);
    }
  });
});
