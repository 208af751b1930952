/**
 * `npm run build:canary`: the production build, made with the canary secrets present the ways a real
 * secret could reach it: in the environment (plain and VITE_-prefixed) and in .dev.vars, which the
 * Cloudflare plugin copies into build/server. A developer's own .dev.vars is set aside and restored.
 * The e2e security test then looks for the canaries in the client bundle and in every response.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CANARY_MARKER, CANARY_SECRETS } from "./canaries.ts";

const DEV_VARS = ".dev.vars";
const SET_ASIDE = ".dev.vars.set-aside-by-canary-build";
const buildDir = process.env.BUILD_DIR ?? "build";
const lines = Object.entries(CANARY_SECRETS).map(([name, value]) => `${name}=${value}`);

// A run that crashed before restoring: put the developer's file back first.
if (existsSync(SET_ASIDE)) {
  const current = existsSync(DEV_VARS) ? readFileSync(DEV_VARS, "utf8") : "";
  if (current === "" || current.includes(CANARY_SECRETS.X_BEARER_TOKEN)) renameSync(SET_ASIDE, DEV_VARS);
}
const hadOwn = existsSync(DEV_VARS);
if (hadOwn) renameSync(DEV_VARS, SET_ASIDE);
let status: number | null = 1;
try {
  writeFileSync(
    DEV_VARS,
    `# Written by test/support/canary-build.ts for one build; removed after it.\n${lines.join("\n")}\n`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(CANARY_SECRETS)) {
    env[name] = value;
    env[`VITE_${name}`] = value;
  }
  status = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env }).status;
} finally {
  rmSync(DEV_VARS, { force: true });
  if (hadOwn) renameSync(SET_ASIDE, DEV_VARS);
}
if (status !== 0) process.exit(status ?? 1);
writeFileSync(
  join(buildDir, CANARY_MARKER),
  JSON.stringify({ secrets: Object.keys(CANARY_SECRETS), builtAt: new Date().toISOString() }),
);
console.log(`Built ${buildDir} with canary secrets present (${Object.keys(CANARY_SECRETS).join(", ")}).`);
