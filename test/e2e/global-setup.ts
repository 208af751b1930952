/**
 * Browser-test harness: the recorded upstreams on a fixture server, and the BUILT Worker served by
 * workerd (`wrangler dev`) pointed at it with an empty local KV. Run `npm run build` first.
 */
import type { TestProject } from "vitest/node";
import { startFixtureServer } from "../support/fixture-server";
import { BUILD_DIR, startWorker } from "../support/worker";

export { BUILD_DIR, startWorker };

export const CANARY_X_TOKEN = "canary-x-7c1d9e4b";
export const CANARY_LLM_KEY = "canary-llm-3f8a2c6d";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    fixtureUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const fixtures = await startFixtureServer(0);
  const worker = await startWorker({
    POLYMARKET_GAMMA_URL: `${fixtures.url}/gamma`,
    POLYMARKET_DATA_URL: `${fixtures.url}/data`,
    // Keep the no-network paths quick and deterministic.
    X_API_URL: `${fixtures.url}/x`,
    LLM_API_URL: `${fixtures.url}/llm`,
    UPSTREAM_RETRY_BASE_MS: "10",
    // Canary secrets: security.test.ts proves they never reach a response or the client bundle.
    X_BEARER_TOKEN: CANARY_X_TOKEN,
    LLM_API_KEY: CANARY_LLM_KEY,
  });
  project.provide("baseUrl", worker.url);
  project.provide("fixtureUrl", fixtures.url);
  return async () => {
    worker.stop();
    await fixtures.close();
  };
}
