/**
 * The track record as the site's pages read it: `readTrackRecord` kept a minute in the isolate's
 * memory (never KV). Calls are added by the 10-minute market build and graded by the market cron, so a
 * page render need not read every row again each time; a page may show a new call up to a minute late.
 */
import type { Section } from "~/lib/section";
import type { Deps } from "../deps";
import { readTrackRecord, type TrackRecordData } from "../track-record/view";

const RECORD_MEMO_MS = 60_000;
const RECORD_KEY = "track-record:pages";

/**
 * The whole record and its figures. Only a record with calls is kept: a new deployment shows its first
 * calls as soon as the first build has recorded them, and a failure is read again next time.
 */
export function pageRecord(deps: Deps): Promise<Section<TrackRecordData>> {
  return deps.cache.remembered({
    key: RECORD_KEY,
    ttlMs: RECORD_MEMO_MS,
    load: () => readTrackRecord(deps),
    keep: (record) => record.ok && record.value.calls.length > 0,
  });
}
