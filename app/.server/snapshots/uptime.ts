/**
 * The status page's measured part: uptime and incidents of each upstream, read from the checks the
 * crons record (history database) and computed by ~/lib/uptime. Without the database, or when it
 * fails, the page says "History unavailable" (null here, one log line) and renders the rest.
 */
import { HISTORY_WINDOW_MS, type StatusHistory, statusHistory, UPTIME_WINDOWS } from "~/lib/uptime";
import type { Deps } from "../deps";
import { createLog } from "../log";

const log = createLog("status");

/**
 * How long an isolate keeps the history it read: the crons record a check a minute, so a visitor sees a
 * new one at most this late, and a burst of visitors costs the database two queries per isolate.
 */
const STATUS_MEMO_MS = 15_000;

export function readStatusHistory(deps: Deps): Promise<StatusHistory | null> {
  return deps.cache.remembered({
    key: "status-history",
    ttlMs: STATUS_MEMO_MS,
    load: () => readFromDatabase(deps),
    // Unavailable history is read again next time.
    keep: (history) => history !== null,
  });
}

async function readFromDatabase(deps: Deps): Promise<StatusHistory | null> {
  const { history } = deps;
  if (!history) {
    log.error("history unavailable: no D1 binding (DB)");
    return null;
  }
  const now = deps.now();
  try {
    const [tallies, checks] = await Promise.all([
      history.checkTallies(UPTIME_WINDOWS.map((window) => now - window.ms)),
      history.checksAroundFailures(now - HISTORY_WINDOW_MS),
    ]);
    return statusHistory(tallies, checks, now);
  } catch (error) {
    log.error("history unavailable (the rest of the page renders)", error);
    return null;
  }
}
