import { useEffect } from "react";
import { Button } from "~/components/ui/button";

/**
 * A code block's Copy button and its status (announced to screen readers). It is plain markup, so it
 * also works inside HTML the server rendered ahead (`ServerHtml`); `useCopyButtons` does the copying.
 */
export function CopyButton({ label }: { label: string }) {
  return (
    <span className="flex items-center gap-2">
      <span role="status" className="text-xs text-slate-200" data-copy-status="" />
      <Button variant="outline" className="min-h-8 px-3 text-xs" aria-label={label} data-copy="">
        Copy
      </Button>
    </span>
  );
}

/** Copies the code of the block whose Copy button was clicked, and says whether it could. */
function copyCode(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest("[data-copy]") : null;
  const block = button?.closest("figure");
  if (!block) return;
  const status = block.querySelector("[data-copy-status]");
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  navigator.clipboard.writeText(block.querySelector("pre")?.textContent ?? "").then(
    () => say("Copied"),
    () => say("Copy failed: select the text"),
  );
}

/** Wires every Copy button on the page, including those in server-rendered HTML, with one listener. */
export function useCopyButtons() {
  useEffect(() => {
    document.addEventListener("click", copyCode);
    return () => document.removeEventListener("click", copyCode);
  }, []);
}
