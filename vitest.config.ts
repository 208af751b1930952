import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "./app/.server/config.ts";
import { startClobWsServer } from "./test/support/clob-ws.ts";
import { startPushService } from "./test/support/push-service.ts";

// D1 migrations, applied to the workerd tests' database by test/worker/support/apply-migrations.ts.
const migrations = await readD1Migrations(new URL("./migrations", import.meta.url).pathname);
// The CLOB market WebSocket the live hub follows in the workerd tests: a loopback mock (test/support/clob-ws.ts).
const clobWs = await startClobWsServer(0);
// The Web Push service alerts are sent to in the workerd tests: a loopback one (test/support/push-service.ts).
const pushService = await startPushService(0);

// Two projects: pure logic in node, and the whole Worker inside workerd (no build needed:
// reactRouter() resolves virtual:react-router/server-build from source).
export default defineConfig({
  test: {
    // react-router's plugin leaves its typegen watcher open under vitest; don't wait 10 s for it.
    teardownTimeout: 1000,
    projects: [
      {
        test: { name: "unit", environment: "node", include: ["test/unit/**/*.test.{ts,tsx}"] },
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
                SITE_URL: "https://oddspulse.example",
                POLYMARKET_GAMMA_URL: "https://gamma.test",
                POLYMARKET_DATA_URL: "https://data.test",
                POLYMARKET_CLOB_URL: "https://clob.test",
                KALSHI_API_URL: "https://kalshi.test/trade-api/v2",
                POLYMARKET_CLOB_WS_URL: clobWs.url,
                CLOB_WS_CONTROL: clobWs.control,
                // Test-only: subscriptions are made at `${PUSH_SERVICE_URL}/__push/subscriptions`; http is
                // accepted for a loopback host listed in PUSH_SERVICE_HOSTS (decision 0042).
                PUSH_SERVICE_URL: pushService.url,
                PUSH_SERVICE_HOSTS: `${DEFAULT_PUSH_SERVICE_HOSTS},127.0.0.1`,
                X_API_URL: "https://x.test",
                LLM_API_URL: "https://llm.test/v1",
                UPSTREAM_RETRY_BASE_MS: "1",
                UPSTREAM_TIMEOUT_MS: "500",
                LLM_TIMEOUT_MS: "500",
                X_BEARER_TOKEN: "canary-x-token-5f1e0c",
                LLM_API_KEY: "canary-llm-key-9a2b7d",
                TEST_MIGRATIONS: migrations,
              },
            },
          }),
          reactRouter(),
        ],
        resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
          setupFiles: ["test/worker/support/apply-migrations.ts"],
        },
      },
      {
        // Browser end-to-end against the built Worker (npm run build first) and the fixture server.
        resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
