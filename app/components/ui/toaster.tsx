import { useEffect, useState } from "react";

/**
 * Toasts (sonner), loaded on the first notification so pages don't pay for them up front.
 * SPEC §9: three visible, each closes after 4000 ms. Sonner renders a polite live region.
 */
type Sonner = typeof import("sonner");
type Kind = "success" | "error" | "warning" | "info";

let sonner: Promise<Sonner> | null = null;
const pending: { kind: Kind; message: string; id?: string }[] = [];
const listeners = new Set<(module: Sonner) => void>();

/** Shows a toast, loading the toast library first if needed. */
export function notify(kind: Kind, message: string, id?: string): void {
  pending.push({ kind, message, id });
  sonner ??= import("sonner");
  void sonner.then((module) => {
    for (const listener of listeners) listener(module);
  });
}

/** Mount once (root.tsx). Renders nothing until the first notification. */
export function LazyToaster() {
  const [module, setModule] = useState<Sonner | null>(null);
  useEffect(() => {
    listeners.add(setModule);
    return () => {
      listeners.delete(setModule);
    };
  }, []);
  // Flush after the Toaster has mounted (child effects run first), so no toast is dropped.
  useEffect(() => {
    if (!module) return;
    for (const { kind, message, id } of pending.splice(0))
      module.toast[kind](message, id ? { id } : undefined);
  });
  if (!module) return null;
  const { Toaster } = module;
  return <Toaster visibleToasts={3} duration={4000} position="bottom-right" closeButton />;
}
