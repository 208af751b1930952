import type { ReactNode } from "react";

/**
 * A status section's heading (the `id` its `<section aria-labelledby>` points at), with the badge that
 * says whether its figures are live or measured, and the sentence that says where they come from.
 */
export function SectionHeader({
  id,
  title,
  badge,
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  /** The intro under the heading. */
  children?: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-xl font-semibold">
      {title}
    </h2>
  );
  return (
    <>
      {badge ? (
        <div className="flex flex-wrap items-center gap-2">
          {heading}
          {badge}
        </div>
      ) : (
        heading
      )}
      {children && <p className="text-sm text-slate-700">{children}</p>}
    </>
  );
}
