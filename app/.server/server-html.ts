import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server.bun";

const kept = new WeakMap<object, Map<string, string>>();

/**
 * The HTML of `render()`, made once per `key` for as long as `data` lives: `data` is what the markup
 * is made from, an object that does not change (a memoised answer), so the HTML changes with it and
 * goes with it. Shown by `ServerHtml` (decision 0046).
 */
export function htmlOnce(data: object, key: string, render: () => ReactElement): string {
  let byKey = kept.get(data);
  if (!byKey) {
    byKey = new Map();
    kept.set(data, byKey);
  }
  let html = byKey.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(render());
    byKey.set(key, html);
  }
  return html;
}
