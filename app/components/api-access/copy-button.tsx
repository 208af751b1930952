import { Button } from "~/components/ui/button";

/**
 * SPEC §2: the copy button only logs. Nothing is copied until the API exists, so a visitor cannot
 * paste a request to an endpoint that does not answer yet.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <Button
      variant="outline"
      className="min-h-8 px-3 text-xs"
      aria-label={label}
      onClick={() => console.log("[api-access] copy requested (the API is not live yet):", text)}
    >
      Copy
    </Button>
  );
}
