import { Hono } from "hono";
import { exportCsv } from "../app/.server/track-record/export";
import { readTrackRecord } from "../app/.server/track-record/view";
import type { WorkerEnv } from "../app/.server/worker-env";

/** `/track-record.csv`: every call with its grading, one row each (the JSON export's rows, unpaged). */
export const trackRecordCsv = new Hono<WorkerEnv>().get("/track-record.csv", async (c) => {
  const record = await readTrackRecord(c.get("deps").history);
  if (!record.ok) return c.text(record.message, 503, { "Retry-After": "60" });
  return c.body(exportCsv(record.value.calls), 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": 'inline; filename="oddspulse-track-record.csv"',
    "Cache-Control": "public, max-age=60",
  });
});
