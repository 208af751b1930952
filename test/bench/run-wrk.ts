/** Runs wrk (loopback only, bounded by duration) and returns its figures. */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface WrkResult {
  url: string;
  requests: number;
  rate: number;
  non2xx: number;
  socketErrors: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

const REPORT = fileURLToPath(new URL("./wrk-report.lua", import.meta.url));

/** Installs wrk from Debian when it is missing (bench and load scripts only, never the tests). */
export async function ensureWrk(): Promise<void> {
  if (existsSync("/usr/bin/wrk")) return;
  const run = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile(cmd, args, { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  console.log("Installing wrk from Debian…");
  await run("apt-get", ["update", "-q"]);
  await run("apt-get", ["install", "-y", "-q", "wrk"]);
}

/** The paths in a temporary file, one a line (a long list does not fit in the environment). */
function pathsFile(paths: readonly string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), "wrk-paths-")), "paths.txt");
  writeFileSync(file, `${paths.join("\n")}\n`);
  return file;
}

export function runWrk(
  url: string,
  {
    connections = 20,
    seconds = 10,
    threads = 2,
    script = REPORT,
    unique = false,
    paths,
  }: {
    connections?: number;
    seconds?: number;
    threads?: number;
    script?: string;
    /** Every request gets a URL never asked before (a full render each time). */
    unique?: boolean;
    /** Requests cycle through these paths (on the URL's host) instead of the URL's own. */
    paths?: readonly string[];
  } = {},
): Promise<WrkResult> {
  if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url))
    throw new Error(`refusing to load anything but loopback: ${url}`);
  return new Promise((resolve, reject) => {
    execFile(
      "wrk",
      [
        `-t${threads}`,
        `-c${connections}`,
        `-d${seconds}s`,
        "--timeout",
        "10s",
        "-s",
        script,
        "-H",
        "User-Agent: Mozilla/5.0 (bench) Chrome/150",
        url,
      ],
      {
        timeout: (seconds + 30) * 1000,
        env: {
          ...process.env,
          ...(unique ? { WRK_UNIQUE: "1" } : {}),
          ...(paths ? { WRK_PATHS_FILE: pathsFile(paths) } : {}),
        },
      },
      (error, stdout) => {
        if (error) return reject(error);
        const line = stdout.split("\n").find((l) => l.startsWith("{"));
        if (!line) return reject(new Error(`no report from wrk:\n${stdout}`));
        const r = JSON.parse(line) as {
          requests: number;
          duration_us: number;
          non2xx: number;
          connect: number;
          read: number;
          write: number;
          timeout: number;
          p50_us: number;
          p95_us: number;
          p99_us: number;
        };
        resolve({
          url,
          requests: r.requests,
          rate: r.requests / (r.duration_us / 1e6),
          non2xx: r.non2xx,
          socketErrors: r.connect + r.read + r.write + r.timeout,
          p50Ms: r.p50_us / 1000,
          p95Ms: r.p95_us / 1000,
          p99Ms: r.p99_us / 1000,
        });
      },
    );
  });
}
