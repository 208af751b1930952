import { useState } from "react";
import { Button } from "~/components/ui/button";

/** Copies `text` to the clipboard and says so (the status is announced to screen readers). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  return (
    <span className="flex items-center gap-2">
      <span role="status" className="text-xs text-slate-200">
        {copied === "yes" ? "Copied" : copied === "failed" ? "Copy failed: select the text" : ""}
      </span>
      <Button
        variant="outline"
        className="min-h-8 px-3 text-xs"
        aria-label={label}
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setCopied("yes"),
            () => setCopied("failed"),
          );
        }}
      >
        Copy
      </Button>
    </span>
  );
}
