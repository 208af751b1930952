/** Inline SVG icons for statuses (SPEC §4). Decorative: the status is always also written out as text. */

export type StatusIconName = "check" | "alert" | "cross" | "search";

const PATHS: Record<StatusIconName, readonly string[]> = {
  check: ["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "m8.5 12 2.5 2.5 4.5-5"],
  alert: [
    "M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
    "M12 9v4",
    "M12 17h.01",
  ],
  cross: ["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "m15 9-6 6", "m9 9 6 6"],
  search: ["M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z", "m21 21-4.3-4.3"],
};

export function StatusIcon({ name, className = "size-4" }: { name: StatusIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`shrink-0 ${className}`}
      data-icon={name}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
