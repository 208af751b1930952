import * as RadixTooltip from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";

/** SPEC §9: 700 ms delay, 300 ms skip delay. Wraps the app once in root.tsx. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </RadixTooltip.Provider>
  );
}

/** A tooltip on a focusable trigger (the trigger must be an element that can take focus). */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-lg"
        >
          {content}
          <RadixTooltip.Arrow className="fill-slate-900" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
