/**
 * The status page's measured part: uptime and incidents of each upstream, read from the checks the
 * crons record (history database) and computed by ~/lib/uptime. Without the database, or when it
 * fails, the page says "History unavailable" (null here, one log line) and renders the rest.
 */
import { HISTORY_WINDOW_MS, type StatusHistory, statusHistory, UPTIME_WINDOWS } from "~/lib/uptime";
import type { Deps } from "../deps";
import { createLog } from "../log";

const log = createLog("status");

export async function readStatusHistory(deps: Deps): Promise<StatusHistory | null> {
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
