/**
 * The status page's measured part: uptime and incidents of each upstream, read from the checks the
 * crons record (history database) and computed by ~/lib/uptime. Without the database, or when it
 * fails, the page says "History unavailable" (null here, one log line) and renders the rest.
 */
import { HISTORY_WINDOW_MS, type StatusHistory, statusHistory, UPTIME_WINDOWS } from "~/lib/uptime";
import { describeFailure } from "../http";
import type { SnapshotDeps } from "./deps";

export async function readStatusHistory(deps: SnapshotDeps): Promise<StatusHistory | null> {
  const { history } = deps;
  if (!history) {
    console.error("[status] history unavailable: no D1 binding (DB)");
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
    console.error(`[status] history unavailable (the rest of the page renders): ${describeFailure(error)}`);
    return null;
  }
}
