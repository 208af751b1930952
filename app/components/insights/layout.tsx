import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";

/** A page's h1 with optional badges beside it and an intro line. */
export function PageHeader({
  title,
  badges,
  children,
}: {
  title: string;
  badges?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{title}</h1>
        {badges}
      </div>
      {children && <p className="max-w-3xl text-slate-700">{children}</p>}
    </div>
  );
}

/** A titled card inside a tab panel; `tags` sit beside the title (provenance, 'Sample data'). */
export function InsightCard({
  title,
  tags,
  description,
  children,
  className = "",
}: {
  title: string;
  tags?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={`min-w-0 p-4 sm:p-5 ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {tags && <div className="flex flex-wrap gap-1">{tags}</div>}
      </div>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-3">{children}</div>
    </Card>
  );
}

/** Headline figures: a definition list, two columns on phones, four on wide screens. */
export function StatGrid({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">{children}</dl>;
}

export function StatTile({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {detail && <dd className="mt-1 text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}

/** A tab panel's own heading and intro. */
export function PanelHeading({
  title,
  tags,
  children,
}: {
  title: string;
  tags?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold">{title}</h2>
        {tags}
      </div>
      {children && <p className="max-w-3xl text-sm text-slate-700">{children}</p>}
    </div>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}
