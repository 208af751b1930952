import type { ReactNode } from "react";

/** A link to another site: a new tab, no opener or referrer, and screen readers told so. */
export function ExternalLink({
  href,
  className,
  children,
  testId,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} data-testid={testId}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
