/** Serves the BUILT Worker in workerd (`wrangler dev`) with an empty local KV and a migrated local D1, for tests and benchmarks. */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CLOB_WS_PATH } from "./clob-ws.ts";

/** Where `npm run build` wrote the app (react-router.config.ts reads the same variable). */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export function freePort(): Promise<number> {
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

/**
 * Resolves when wrangler says it is ready on `url` (its "Ready on <url>" line), and the Worker then
 * answers `probe`; rejects if wrangler exits first or is not ready within 60 s.
 */
async function waitUntilReady(url: string, probe: string, child: ChildProcess, output: () => string) {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output().includes(`Ready on ${url}`)) finish();
    };
    const exited = () => finish(new Error(`wrangler dev exited early:\n${output()}`));
    const timer = setTimeout(
      () => finish(new Error(`wrangler dev was not ready within 60 s:\n${output()}`)),
      60_000,
    );
    function finish(error?: Error) {
      clearTimeout(timer);
      child.stdout?.off("data", check);
      child.stderr?.off("data", check);
      child.off("exit", exited);
      if (error) reject(error);
      else resolve();
    }
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    child.once("exit", exited);
    check();
  });
  const res = await fetch(`${url}${probe}`);
  if (!res.ok) throw new Error(`the Worker answered ${probe} with ${res.status}:\n${output()}`);
}

/**
 * The built config with its per-client rate limits lifted: load tools send everything from one address,
 * which the limits would (rightly) refuse after a minute's budget.
 */
function unlimitedConfig(config: string): string {
  const built = JSON.parse(readFileSync(config, "utf8")) as {
    ratelimits?: { simple?: { limit: number } }[];
  };
  for (const limit of built.ratelimits ?? []) if (limit.simple) limit.simple.limit = 1_000_000_000;
  const lifted = join(dirname(config), "wrangler.unlimited.json");
  writeFileSync(lifted, JSON.stringify(built));
  return lifted;
}

/**
 * Where the Worker's live hub follows the CLOB market channel when the caller does not say: the mock in
 * the fixture server the Gamma URL points at, or (no fixture server) a loopback port nothing answers, so
 * no test or bench ever opens the real Polymarket socket.
 */
function defaultClobWsUrl(vars: Record<string, string>): string {
  const gamma = vars.POLYMARKET_GAMMA_URL ? new URL(vars.POLYMARKET_GAMMA_URL) : null;
  if (gamma && gamma.hostname === "127.0.0.1") return `ws://${gamma.host}/clob-ws${CLOB_WS_PATH}`;
  return `ws://127.0.0.1:9${CLOB_WS_PATH}`;
}

/**
 * Starts workerd on the built Worker with the given vars; returns its URL, its workerd processes and a
 * stop function. `unlimited` lifts the per-client rate limits (benchmarks and load tests); `seedSql` is
 * run on its D1 after the migrations, before it starts (rows a cron of another part would write).
 */
export async function startWorker(
  vars: Record<string, string>,
  options: { unlimited?: boolean; seedSql?: string } = {},
) {
  const port = await freePort();
  const state = mkdtempSync(join(tmpdir(), "oddspulse-kv-"));
  const built = join(BUILD_DIR, "server", "wrangler.json");
  const config = options.unlimited ? unlimitedConfig(built) : built;
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
  const all = { POLYMARKET_CLOB_WS_URL: defaultClobWsUrl(vars), ...vars };
  for (const [key, value] of Object.entries(all)) args.push("--var", `${key}:${value}`);
  const env = {
    ...process.env,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    CI: "true",
  };
  // The same migrations `npm start` applies, into this run's own local D1.
  execFileSync(
    "npx",
    ["wrangler", "d1", "migrations", "apply", "DB", "--local", "-c", config, "--persist-to", state],
    {
      env,
      stdio: "pipe",
    },
  );
  if (options.seedSql) {
    execFileSync(
      "npx",
      [
        "wrangler",
        "d1",
        "execute",
        "DB",
        "--local",
        "-c",
        config,
        "--persist-to",
        state,
        "--command",
        options.seedSql,
      ],
      { env, stdio: "pipe" },
    );
  }
  const child = spawn("npx", args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => {
    log += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    log += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, "/robots.txt", child, () => log);
  return {
    url,
    /** The wrangler process group's id (its workerd processes are in the group). */
    pid: child.pid,
    log: () => log,
    stop: () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
      rmSync(state, { recursive: true, force: true });
    },
  };
}

/** Runs a cron trigger on a Worker started by `startWorker` (wrangler's scheduled handler route). */
export async function runCron(url: string, cron: string): Promise<void> {
  await (await fetch(`${url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`)).text();
}
