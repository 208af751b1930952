import * as RadixAccordion from "@radix-ui/react-accordion";
import type { ReactNode } from "react";

/** WAI-ARIA accordion (Radix), single-open and collapsible. */
export function Accordion({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <RadixAccordion.Root type="single" collapsible className={`divide-y divide-slate-200 ${className}`}>
      {children}
    </RadixAccordion.Root>
  );
}

export function AccordionItem({
  value,
  title,
  children,
}: {
  value: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <RadixAccordion.Item value={value}>
      <RadixAccordion.Header asChild>
        <h3>
          <RadixAccordion.Trigger className="group flex w-full items-center justify-between gap-4 py-3 text-left text-sm font-medium text-slate-900 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-blue-700">
            <span>{title}</span>
            <span aria-hidden="true" className="transition-transform group-data-[state=open]:rotate-180">
              ▾
            </span>
          </RadixAccordion.Trigger>
        </h3>
      </RadixAccordion.Header>
      {/* Always in the HTML (hidden while closed), so find-in-page and visitors without JavaScript
          (see the <noscript> style in root.tsx) can read every answer. */}
      <RadixAccordion.Content forceMount className="accordion-content pb-3 text-sm text-slate-700">
        {children}
      </RadixAccordion.Content>
    </RadixAccordion.Item>
  );
}
