/** The history's time grid: the slots points are stored in, and how long each kind of row is kept. */

/** Seconds one point stands for until compaction. */
export const SLOT_SECONDS = 600;
/** Seconds one point stands for after compaction. */
export const HOUR_SECONDS = 3600;
/** 10-minute points are kept this long, then thinned to one an hour. */
export const FINE_RETENTION_SECONDS = 30 * 86_400;
/** Upstream check records are kept this long (the status page shows 30 days). */
export const CHECK_RETENTION_MS = 31 * 86_400_000;

/** The slot (epoch seconds) an instant falls in. */
export function slotOf(ms: number, step = SLOT_SECONDS): number {
  return Math.floor(ms / 1000 / step) * step;
}
