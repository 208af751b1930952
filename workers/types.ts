import type { Config } from "../app/.server/config";
import type { SnapshotDeps } from "../app/.server/snapshots/deps";
import type { SecurityVariables } from "./security";

/** Hono typing shared by the Worker's sub-apps. */
export type WorkerEnv = {
  Bindings: Env;
  /** `client`: the rate-limit key of the caller (IPv4 address or IPv6 /64; client-limits.ts). */
  Variables: SecurityVariables & { config: Config; deps: SnapshotDeps; client: string };
};
