import { formatClockUtc } from "~/lib/format";

/** Said wherever older data is shown because refreshes keep failing: since when, and how old the data is. */
export function RefreshNotice({ failingSince, fetchedAt }: { failingSince: string; fetchedAt: string }) {
  return (
    <p
      role="status"
      data-testid="refresh-notice"
      className="rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-600/30"
    >
      Couldn’t refresh since {formatClockUtc(failingSince)} — showing data from {formatClockUtc(fetchedAt)}
    </p>
  );
}
