import type { Config } from "./config";
import type { SnapshotDeps } from "./snapshot";

/** Wires the snapshot module to the Worker's bindings. */
export function snapshotDeps(env: Env, ctx: ExecutionContext, config: Config): SnapshotDeps {
  return {
    kv: env.CACHE,
    config,
    // Looked up per call so test interceptors that patch globalThis.fetch see every request.
    fetch: (input, init) => globalThis.fetch(input, init),
    now: () => Date.now(),
    waitUntil: (promise) => ctx.waitUntil(promise),
  };
}
