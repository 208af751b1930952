import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

// Two projects: pure logic in node, and the whole Worker inside workerd (no build needed:
// reactRouter() resolves virtual:react-router/server-build from source).
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "unit", environment: "node", include: ["test/unit/**/*.test.ts"] },
        resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
      },
      {
        plugins: [
          cloudflareTest({
            main: "./workers/app.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                // Test values: fixture hosts that msw intercepts, a canary secret that must never leak.
                POLYMARKET_GAMMA_URL: "https://gamma.test",
                POLYMARKET_DATA_URL: "https://data.test",
                X_API_URL: "https://x.test",
                LLM_API_URL: "https://llm.test/v1",
                UPSTREAM_RETRY_BASE_MS: "1",
                UPSTREAM_TIMEOUT_MS: "500",
                LLM_TIMEOUT_MS: "500",
              },
            },
          }),
          reactRouter(),
        ],
        resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
        test: { name: "worker", include: ["test/worker/**/*.test.ts"] },
      },
    ],
  },
});
