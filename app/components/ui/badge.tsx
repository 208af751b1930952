import type { ReactNode } from "react";

export type BadgeVariant =
  | "default"
  | "secondary"
  | "outline"
  | "yes"
  | "no"
  | "destructive"
  | "live"
  | "warning";

const STYLES: Record<BadgeVariant, string> = {
  default: "bg-blue-700 text-white",
  secondary: "bg-slate-100 text-slate-800",
  outline: "border border-slate-300 text-slate-700",
  yes: "bg-emerald-100 text-emerald-900 ring-1 ring-emerald-600/30",
  no: "bg-rose-100 text-rose-900 ring-1 ring-rose-600/30",
  destructive: "bg-rose-700 text-white",
  live: "bg-red-600 text-white",
  warning: "bg-amber-100 text-amber-900 ring-1 ring-amber-600/30",
};

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
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STYLES[variant]} ${className}`}
    >
      {children}
    </span>
  );
}
