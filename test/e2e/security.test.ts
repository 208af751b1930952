import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { PUBLIC_PATHS } from "../../app/lib/site";
import { BUILD_DIR, CANARY_LLM_KEY, CANARY_X_TOKEN } from "./global-setup";

const baseUrl = inject("baseUrl");
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
  it("never appear in any response of the running Worker", async () => {
    const paths = [
      ...PUBLIC_PATHS,
      "/api/markets",
      "/api/whales",
      "/api/health",
      "/robots.txt",
      "/sitemap.xml",
      "/nope",
    ];
    for (const path of paths) {
      const res = await fetch(`${baseUrl}${path}`);
      const body = await res.text();
      const headers = JSON.stringify([...res.headers]);
      for (const canary of CANARIES) {
        expect(body, path).not.toContain(canary);
        expect(headers, path).not.toContain(canary);
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
