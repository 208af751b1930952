/**
 * A tiny inline SVG line of a few values (a card's 24 hours, a market's mentions): a few hundred bytes,
 * no script. Decorative unless given a label; the numbers it draws are said in text next to it.
 */
export function Sparkline({
  values,
  width = 96,
  height = 24,
  label,
  className = "",
}: {
  values: readonly number[];
  width?: number;
  height?: number;
  /** Accessible name; without one the line is hidden from assistive technology. */
  label?: string;
  className?: string;
}) {
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = width / (values.length - 1);
  const d = values
    .map((v, i) => {
      const x = Math.round(i * step * 10) / 10;
      const y = Math.round((height - 2 - ((v - min) / span) * (height - 4)) * 10) / 10;
      return `${i === 0 ? "M" : "L"}${x} ${y}`;
    })
    .join("");
  const last = values.at(-1) ?? 0;
  const first = values[0] ?? 0;
  const colour = last > first ? "#047857" : last < first ? "#be123c" : "#475569";
  const path = <path d={d} fill="none" stroke={colour} strokeWidth={1.5} strokeLinejoin="round" />;
  const size = { viewBox: `0 0 ${width} ${height}`, width, height, className };
  return label ? (
    <svg {...size} role="img" data-testid="sparkline">
      <title>{label}</title>
      {path}
    </svg>
  ) : (
    <svg {...size} aria-hidden="true" data-testid="sparkline">
      {path}
    </svg>
  );
}
