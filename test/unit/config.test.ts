import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/.server/config";

describe("parseConfig", () => {
  it("applies the documented defaults to an empty env", () => {
    const config = parseConfig({});
    expect(config.gammaUrl).toBe("https://gamma-api.polymarket.com");
    expect(config.dataUrl).toBe("https://data-api.polymarket.com");
    expect(config.xApiUrl).toBe("https://api.x.com");
    expect(config.llmApiUrl).toBe("https://api.x.ai/v1");
    expect(config.llmModel).toBe("grok-4-fast-non-reasoning");
    expect(config.xBearerToken).toBeUndefined();
    expect(config.llmApiKey).toBeUndefined();
    expect(config.siteUrl).toBeUndefined();
    expect(config.timeoutMs).toBe(15_000);
    expect(config.retries).toBe(2);
    expect(config.retryBaseMs).toBe(1000);
    expect(config.marketsFreshSeconds).toBe(900);
    expect(config.whalesFreshSeconds).toBe(300);
    expect(config.whalesWriteSeconds).toBe(240);
    expect(config.searchIndexPagesPerRun).toBe(2);
    expect(config.searchIndexPassMinutes).toBe(60);
  });

  it("reads strings from wrangler vars, trims secrets and drops trailing slashes", () => {
    const config = parseConfig({
      POLYMARKET_GAMMA_URL: "http://127.0.0.1:8788/gamma/",
      X_BEARER_TOKEN: "  token  ",
      LLM_API_KEY: "",
      SITE_URL: "https://oddspulse.app/",
      UPSTREAM_TIMEOUT_MS: "2500",
    });
    expect(config.gammaUrl).toBe("http://127.0.0.1:8788/gamma");
    expect(config.xBearerToken).toBe("token");
    expect(config.llmApiKey).toBeUndefined();
    expect(config.siteUrl).toBe("https://oddspulse.app");
    expect(config.timeoutMs).toBe(2500);
  });

  it.each([
    [{ POLYMARKET_GAMMA_URL: "gamma-api" }, "POLYMARKET_GAMMA_URL must be an absolute URL"],
    [{ POLYMARKET_DATA_URL: "ftp://data" }, "POLYMARKET_DATA_URL must use http or https"],
    [{ UPSTREAM_RETRIES: "9" }, "UPSTREAM_RETRIES must be at most 5"],
    [{ UPSTREAM_TIMEOUT_MS: "1.5" }, "UPSTREAM_TIMEOUT_MS must be a whole number"],
    [{ SUPPORT_EMAIL: "nobody" }, "SUPPORT_EMAIL must be an email address"],
    [{ SITE_URL: "oddspulse.app" }, "SITE_URL must be empty or an absolute http(s) URL"],
    [{ SEARCH_INDEX_PAGES_PER_RUN: "21" }, "SEARCH_INDEX_PAGES_PER_RUN must be at most 20"],
    [{ SEARCH_INDEX_PASS_MINUTES: "-1" }, "SEARCH_INDEX_PASS_MINUTES must be at least 0"],
  ])("rejects %o with one line naming the variable", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(`Invalid configuration: ${message}`);
  });
});

describe("the configuration's variables", () => {
  it("are exactly wrangler.toml's [vars] plus the three secrets", async () => {
    const { readFileSync } = await import("node:fs");
    const { ENV_NAMES } = await import("~/.server/config");
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    const vars = toml.slice(toml.indexOf("[vars]"));
    const declared = [...vars.matchAll(/^([A-Z_]+) = /gm)].map((m) => m[1]);
    expect(new Set(Object.values(ENV_NAMES))).toEqual(
      new Set([...declared, "X_BEARER_TOKEN", "LLM_API_KEY", "VAPID_PRIVATE_KEY"]),
    );
  });
});
