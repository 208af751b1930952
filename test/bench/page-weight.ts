/**
 * The HTML of a page (uncompressed) and the JavaScript and CSS it loads, gzip-compressed: every module script and modulepreload,
 * and every stylesheet, as referenced by the server-rendered HTML (what a first visit downloads).
 */
import { gzipSync } from "node:zlib";

export interface PageWeight {
  path: string;
  /** The HTML document, before compression. */
  htmlBytes: number;
  jsFiles: number;
  jsGzipBytes: number;
  cssFiles: number;
  cssGzipBytes: number;
}

function attr(tag: string, name: string): string | null {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

export async function pageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const html = await (
    await fetch(`${baseUrl}${path}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/150" } })
  ).text();
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attr(tag, "href");
    const rel = attr(tag, "rel");
    if (!href) continue;
    if (rel === "modulepreload") js.add(href);
    if (rel === "stylesheet") css.add(href);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc="[^"]*"[^>]*>/g)) {
    const src = attr(tag, "src");
    if (src) js.add(src);
  }
  // The inline module loader imports the entry and route chunks; those are all preloaded above.
  const size = async (files: Set<string>) => {
    let total = 0;
    for (const file of files) {
      const body = Buffer.from(await (await fetch(new URL(file, baseUrl))).arrayBuffer());
      total += gzipSync(body, { level: 9 }).length;
    }
    return total;
  };
  return {
    path,
    htmlBytes: Buffer.byteLength(html),
    jsFiles: js.size,
    jsGzipBytes: await size(js),
    cssFiles: css.size,
    cssGzipBytes: await size(css),
  };
}

if (process.argv[1]?.endsWith("page-weight.ts")) {
  const [base = "http://127.0.0.1:8787", ...paths] = process.argv.slice(2);
  for (const path of paths.length ? paths : ["/"]) {
    const w = await pageWeight(base, path);
    console.log(
      `${path}: JS ${w.jsFiles} files ${(w.jsGzipBytes / 1024).toFixed(1)} KB gzip, CSS ${w.cssFiles} files ${(w.cssGzipBytes / 1024).toFixed(1)} KB gzip`,
    );
  }
}
