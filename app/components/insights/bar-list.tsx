export interface BarRow {
  key: string;
  label: string;
  value: number;
  /** The figure as text; the bar only repeats it visually. */
  display: string;
}

/** Labelled horizontal bars scaled to the largest value; every figure is also written out. */
export function BarList({ rows, label }: { rows: readonly BarRow[]; label: string }) {
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {rows.map((row) => (
        <li key={row.key} className="text-sm">
          <div className="flex justify-between gap-3">
            <span className="text-slate-800">{row.label}</span>
            <span className="shrink-0 font-medium text-slate-900 tabular-nums">{row.display}</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
            <div
              className="h-2 rounded-full bg-blue-600"
              style={{ width: `${max > 0 ? Math.round((row.value / max) * 100) : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
