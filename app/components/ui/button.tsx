import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "outline" | "yes" | "no" | "ghost";

const STYLES: Record<ButtonVariant, string> = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-400",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:text-slate-500",
  yes: "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-600/40 hover:bg-emerald-100",
  no: "bg-rose-50 text-rose-900 ring-1 ring-rose-600/40 hover:bg-rose-100",
  ghost: "text-slate-700 hover:bg-slate-100",
};

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed ${STYLES[variant]} ${className}`}
      {...props}
    />
  );
}
