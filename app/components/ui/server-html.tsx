import { createContext, useContext, useState } from "react";

/**
 * HTML a loader rendered ahead of the document, by element id. The document entry provides it from
 * the request context; in the browser there is none.
 */
export const ServerHtmlContext = createContext<ReadonlyMap<string, string> | null>(null);

/**
 * A part of a page that the server renders once to HTML and reuses for many requests (decision 0046).
 * On the server it comes from `ServerHtmlContext`; hydration takes the same HTML from the document, so
 * neither it nor the data it was made from travels a second time in the page's loader data. The part
 * must work as plain HTML: its controls are wired by delegated listeners, not by React.
 */
export function ServerHtml({ id }: { id: string }) {
  const fromServer = useContext(ServerHtmlContext);
  // Read once: a later render must not undo what a delegated listener changed inside (a "Copied").
  const [html] = useState(
    () =>
      fromServer?.get(id) ??
      (typeof document === "undefined" ? "" : document.getElementById(id)?.innerHTML) ??
      "",
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own render of our components (React escaped it)
  return <div id={id} dangerouslySetInnerHTML={{ __html: html }} />;
}
