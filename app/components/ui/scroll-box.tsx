import type { ReactNode } from "react";

/**
 * A box whose wide content (a table) scrolls sideways inside it instead of widening the page. A shadow
 * on an edge says more is hidden that way; it is pure CSS (`.scroll-box` in app.css), so it is right
 * before hydration and without JavaScript. The box takes focus and has a name, so a keyboard can scroll
 * it and a screen reader names it (a named section is a region) (axe: scrollable-region-focusable).
 */
export function ScrollBox({
  label,
  children,
  className = "",
}: {
  /** What the box holds, e.g. "Parameters of GET /api/v1/markets". */
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className={`scroll-box ${className}`.trim()}>
      {children}
    </section>
  );
}
