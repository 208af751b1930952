import type { Config } from "./config";
import type { Deps } from "./deps";

/** What the security middleware sets per response (workers/security.ts). */
export type SecurityVariables = { nonce: string };

/** Hono typing shared by the Worker's sub-apps. */
export type WorkerEnv = {
  Bindings: Env;
  /** `client`: the rate-limit key of the caller (IPv4 address or IPv6 /64; client-limits.ts). */
  Variables: SecurityVariables & { config: Config; deps: Deps; client: string };
};
