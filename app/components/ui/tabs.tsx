import * as RadixTabs from "@radix-ui/react-tabs";
import type { ReactNode } from "react";

/** WAI-ARIA tabs (Radix): arrow keys move between tabs, Tab moves into the panel. */
export function Tabs({
  defaultValue,
  value,
  onValueChange,
  children,
  className = "",
}: {
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixTabs.Root
      defaultValue={defaultValue}
      value={value}
      onValueChange={onValueChange}
      className={className}
    >
      {children}
    </RadixTabs.Root>
  );
}

export function TabsList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <RadixTabs.List
      aria-label={label}
      className="flex w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 sm:w-max"
    >
      {children}
    </RadixTabs.List>
  );
}

export function TabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadixTabs.Trigger
      value={value}
      className="inline-flex min-h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
    >
      {children}
    </RadixTabs.Trigger>
  );
}

export function TabsContent({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadixTabs.Content value={value} className="mt-4 focus-visible:outline-2 focus-visible:outline-blue-700">
      {children}
    </RadixTabs.Content>
  );
}
