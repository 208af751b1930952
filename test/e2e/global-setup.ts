/**
 * Browser-test harness: the recorded upstreams on a fixture server, and the BUILT Worker served by
 * workerd (`wrangler dev`) pointed at it with an empty local KV. Run `npm run build` first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startFixtureServer } from "../support/fixture-server";

/** Where `npm run build` wrote the app (react-router.config.ts reads the same variable). */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export const CANARY_X_TOKEN = "canary-x-7c1d9e4b";
export const CANARY_LLM_KEY = "canary-llm-3f8a2c6d";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    fixtureUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within 60 s:\n${output()}`);
}

/** Starts workerd on the built Worker with the given vars; returns its URL and a stop function. */
export async function startWorker(vars: Record<string, string>) {
  const port = await freePort();
  const state = mkdtempSync(join(tmpdir(), "oddspulse-kv-"));
  const config = join(BUILD_DIR, "server", "wrangler.json");
  const args = [
    "wrangler",
    "dev",
    "-c",
    config,
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    state,
  ];
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
  const child = spawn("npx", args, {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => {
    log += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    log += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/robots.txt`, child, () => log);
  return {
    url,
    log: () => log,
    stop: () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
      rmSync(state, { recursive: true, force: true });
    },
  };
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
