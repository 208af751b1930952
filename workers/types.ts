import type { Config } from "../app/.server/config";
import type { SnapshotDeps } from "../app/.server/snapshots/deps";
import type { SecurityVariables } from "./security";

/** Hono typing shared by the Worker's sub-apps. */
export type WorkerEnv = {
  Bindings: Env;
  Variables: SecurityVariables & { config: Config; deps: SnapshotDeps };
};
