/** Serves the BUILT Worker in workerd (`wrangler dev`) with an empty local KV and a migrated local D1, for tests and benchmarks. */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

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
  const child = spawn("npx", args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
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
