import { CopyButton } from "./copy-button";

/**
 * A code sample as text. Lines keep their breaks (wrapping Python would garble its indentation),
 * so narrow screens scroll the block sideways; it takes focus so keyboards can scroll it too. A long
 * block (`scroll`) is capped in height and scrolls inside.
 */
export function CodeBlock({
  code,
  label,
  scroll = false,
}: {
  code: string;
  label: string;
  scroll?: boolean;
}) {
  return (
    <figure className="min-w-0 rounded-lg bg-slate-900">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-700 px-3 py-1.5">
        <span className="text-xs font-medium text-slate-200">{label}</span>
        <CopyButton label={`Copy ${label}`} />
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className={`${scroll ? "max-h-96 overflow-auto" : "overflow-x-auto"} p-4 text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-300 sm:text-sm`}
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
