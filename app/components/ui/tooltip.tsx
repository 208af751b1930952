import { cloneElement, type ReactElement, type ReactNode, useEffect, useRef, useState } from "react";

/**
 * Tooltips (Radix), loaded on the first hover or focus of a trigger so pages don't pay for them up
 * front. SPEC §9: 700 ms delay, 300 ms skip delay.
 */
type Radix = typeof import("@radix-ui/react-tooltip");
let radix: Promise<Radix> | null = null;
const load = () => {
  radix ??= import("@radix-ui/react-tooltip");
  return radix;
};

const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

type TriggerProps = {
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onPointerLeave?: () => void;
  onBlur?: () => void;
};

/** A tooltip on a focusable trigger element (a button or link). */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<TriggerProps> }) {
  const [module, setModule] = useState<Radix | null>(null);
  const [openFirst, setOpenFirst] = useState(false);
  const hovering = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!module) {
    // Before the library is here: load it on intent and open once the delay has passed.
    const start = () => {
      hovering.current = true;
      const ready = load();
      timer.current = setTimeout(() => {
        void ready.then((m) => {
          setOpenFirst(hovering.current);
          setModule(m);
        });
      }, DELAY_MS);
    };
    const stop = () => {
      hovering.current = false;
    };
    return cloneElement(children, {
      onPointerEnter: start,
      onFocus: start,
      onPointerLeave: stop,
      onBlur: stop,
    });
  }

  const { Provider, Root, Trigger, Portal, Content, Arrow } = module;
  return (
    <Provider delayDuration={DELAY_MS} skipDelayDuration={SKIP_DELAY_MS}>
      <Root defaultOpen={openFirst}>
        <Trigger asChild>{children}</Trigger>
        <Portal>
          <Content
            sideOffset={6}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-lg"
          >
            {content}
            <Arrow className="fill-slate-900" />
          </Content>
        </Portal>
      </Root>
    </Provider>
  );
}
