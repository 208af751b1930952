import type { ButtonHTMLAttributes } from "react";

/** Styles: `.btn` and `.btn-<variant>` in app.css. */
export type ButtonVariant = "primary" | "outline" | "yes" | "no" | "ghost";

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return (
    <button
      type={type}
      className={className ? `btn btn-${variant} ${className}` : `btn btn-${variant}`}
      {...props}
    />
  );
}
