/** Inline SVG icons (stroke style). Decorative: the meaning is always also written out as text. */

const PATHS = {
  check: ["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "m8.5 12 2.5 2.5 4.5-5"],
  alert: [
    "M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
    "M12 9v4",
    "M12 17h.01",
  ],
  cross: ["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "m15 9-6 6", "m9 9 6 6"],
  search: ["M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z", "m21 21-4.3-4.3"],
  mail: ["M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z", "m22 7-10 6L2 7"],
  info: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "M12 11v5", "M12 8h.01"],
  refresh: ["M20 11a8 8 0 1 0-2.3 5.7", "M20 4v7h-7"],
  up: ["M4 14l6-6 4 4 6-6", "M14 6h6v6"],
  down: ["M4 10l6 6 4-4 6 6", "M14 18h6v-6"],
  flat: ["M4 12h16"],
  bell: ["M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9", "M10.3 21a1.94 1.94 0 0 0 3.4 0"],
} as const satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof PATHS;

/** Drawn by `.icon` in app.css (size 4 unless `className` says otherwise). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className ? `icon ${className}` : "icon"}
      data-icon={name}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
