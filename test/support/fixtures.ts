/** The recorded upstream payloads in test/fixtures (see its README for each one's source), for node tests. */
import { readFileSync } from "node:fs";

const FIXTURES = new URL("../fixtures/", import.meta.url);

/** A recorded payload, parsed: `readFixture("polymarket/clob-prices-history-1d.json")`. */
export function readFixture<T = unknown>(path: string): T {
  return JSON.parse(readFileSync(new URL(path, FIXTURES), "utf8")) as T;
}
