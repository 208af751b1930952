/** The star button's classes, shared with the stand-in shown while its code loads. */
export function starClass(labelled: boolean, className = ""): string {
  const look = labelled
    ? "btn btn-outline aria-pressed:border-amber-600 aria-pressed:bg-amber-50"
    : "btn btn-ghost size-10 shrink-0 px-0 text-xl";
  return `${look} disabled:opacity-40${className ? ` ${className}` : ""}`;
}
