/**
 * The track record as the site's pages read it: `readTrackRecord` kept a minute in the isolate's
 * memory (never KV). Calls are added by the 10-minute market build and graded by the market cron, so a
 * page render need not read every row again each time; a page may show a new call up to a minute late.
 */
import type { SnapshotDeps } from "../snapshots/deps";
import { readTrackRecord, type TrackRecordData } from "../track-record/view";

const RECORD_MEMO_MS = 60_000;
const RECORD_KEY = "track-record:pages";

/** Carries an empty record past the memo: failures are not kept, so an empty record is read again. */
class EmptyRecord extends Error {
  constructor(readonly record: TrackRecordData) {
    super("empty track record");
  }
}

/**
 * The whole record and its figures. An empty record is not kept (a new deployment shows its first
 * calls as soon as the first build has recorded them). Throws TrackRecordUnavailableError.
 */
export async function pageRecord(deps: SnapshotDeps): Promise<TrackRecordData> {
  try {
    return await deps.cache.remembered(RECORD_KEY, RECORD_MEMO_MS, async () => {
      const record = await readTrackRecord(deps);
      if (record.calls.length === 0) throw new EmptyRecord(record);
      return record;
    });
  } catch (error) {
    if (error instanceof EmptyRecord) return error.record;
    throw error;
  }
}
