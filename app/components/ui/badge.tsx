import type { ReactNode } from "react";

/** Styles: `.badge` and `.badge-<variant>` in app.css. */
export type BadgeVariant =
  | "default"
  | "secondary"
  | "outline"
  | "yes"
  | "no"
  | "destructive"
  | "live"
  | "warning";

/** A small label. Meaning is always in its text, never in its colour alone. */
export function Badge({
  variant = "default",
  className = "",
  children,
}: {
  variant?: BadgeVariant;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={className ? `badge badge-${variant} ${className}` : `badge badge-${variant}`}>
      {children}
    </span>
  );
}
