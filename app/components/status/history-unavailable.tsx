/** What the measured sections say when the history database cannot be read (or is not bound). */
export function HistoryUnavailable() {
  return (
    <p
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="history-unavailable"
    >
      <strong>History unavailable:</strong> the record of upstream checks could not be read just now, so
      uptime and incidents cannot be shown. The rest of this page is unaffected.
    </p>
  );
}
