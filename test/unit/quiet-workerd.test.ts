import { expect, it } from "vitest";
import { quietWorkerd } from "../../scripts/quiet-workerd";

it("drops workerd's DNS-failure blocks and keeps every other line, the Worker's own included", () => {
  const output = [
    "[wrangler:info] Ready on http://127.0.0.1:8787",
    "✘ [ERROR] e = rust/cxx/kj-rs-io/ffi.rs:198: failed: getaddrinfo(): DNS lookup failed. host = gamma-api.polymarket.com",
    "",
    "  stack: /work/node_modules/@cloudflare/workerd-linux-64/bin/workerd@59d9520 …; wdErrId = abc",
    "",
    "",
    "✘ [ERROR] [cache] refresh of snapshot:markets:v1 failed, keeping previous data: Could not reach the Polymarket market feed (gamma-api.polymarket.com: internal error; reference = abc)",
    "",
    "[wrangler:info] GET / 200 OK (3115ms)",
  ];
  const filter = quietWorkerd();
  expect(output.map(filter).filter((line) => line !== null)).toEqual([
    "[wrangler:info] Ready on http://127.0.0.1:8787",
    output[6],
    "",
    "[wrangler:info] GET / 200 OK (3115ms)",
  ]);
});
