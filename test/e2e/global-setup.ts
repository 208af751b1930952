/**
 * Browser-test harness: the recorded upstreams on fixture servers, and the BUILT Worker (made by
 * `npm run build:canary`) served by workerd (`wrangler dev`) with an empty local KV and a migrated D1.
 * Two Workers: one whose X and model hosts are missing (every count and analysis an estimate) and one
 * where both answer (live counts for the first 10 topics, the rest estimated; model analyses). Each one's
 * live hub follows its fixture server's mock CLOB market channel (test/support/clob-ws.ts), never Polymarket.
 * The secrets the Workers use are the canaries the build was made with (build/server/.dev.vars). The first
 * Worker has Web Push alerts on (a test VAPID pair; pushes may go to loopback), the second has them off.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { CANARY_MARKER, CANARY_SECRETS } from "../support/canaries";
import { polymarketVars, startFixtureServer } from "../support/fixture-server";
import { TEST_VAPID_PRIVATE_KEY, TEST_VAPID_PUBLIC_KEY } from "../support/vapid";
import { BUILD_DIR, startWorker } from "../support/worker";

export { BUILD_DIR, startWorker };

export const CANARY_X_TOKEN = CANARY_SECRETS.X_BEARER_TOKEN;
export const CANARY_LLM_KEY = CANARY_SECRETS.LLM_API_KEY;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    fixtureUrl: string;
    liveUrl: string;
    liveFixtureUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(BUILD_DIR, CANARY_MARKER))) {
    throw new Error(`${BUILD_DIR} was not made by \`npm run build:canary\`: run it before the e2e tests`);
  }
  const fixtures = await startFixtureServer(0);
  const liveFixtures = await startFixtureServer(0);
  const common = { UPSTREAM_RETRY_BASE_MS: "10" };
  // The live hub follows each fixture server's mock CLOB channel: startWorker's default for a fixture Gamma.
  const [worker, live] = await Promise.all([
    startWorker({
      ...common,
      ...polymarketVars(fixtures.url),
      // No such routes: the secrets are set, the upstreams answer 404, every figure is an estimate.
      X_API_URL: `${fixtures.url}/no-x`,
      LLM_API_URL: `${fixtures.url}/no-llm`,
      VAPID_PUBLIC_KEY: TEST_VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY,
      PUSH_SERVICE_HOSTS: "127.0.0.1",
    }),
    startWorker({
      ...common,
      ...polymarketVars(liveFixtures.url),
      X_API_URL: `${liveFixtures.url}/x`,
      LLM_API_URL: `${liveFixtures.url}/llm`,
      LLM_MODEL: "fixture-model",
      X_MAX_REQUESTS: "10",
    }),
  ]);
  project.provide("baseUrl", worker.url);
  project.provide("fixtureUrl", fixtures.url);
  project.provide("liveUrl", live.url);
  project.provide("liveFixtureUrl", liveFixtures.url);
  return async () => {
    worker.stop();
    live.stop();
    await Promise.all([fixtures.close(), liveFixtures.close()]);
  };
}
