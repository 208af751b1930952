/**
 * `npm start` pipes wrangler's output through this. Offline, workerd reports every failed DNS lookup as
 * an internal error with a native stack; the Worker already logs one readable line per upstream
 * failure (with the host), so those blocks are dropped here. Everything else passes through as is.
 */
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const DNS_FAILURE = /getaddrinfo\(\): DNS lookup failed/;

/** A line filter: the line to print, or null for a line of one of workerd's DNS-failure blocks. */
export function quietWorkerd(): (line: string) => string | null {
  // workerd's block: the error line, a blank line, a "stack: …" line, then blank lines.
  let skipping = false;
  return (line) => {
    if (DNS_FAILURE.test(line)) {
      skipping = true;
      return null;
    }
    if (skipping) {
      if (line.trim() === "" || line.trimStart().startsWith("stack:")) return null;
      skipping = false;
    }
    return line;
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const filter = quietWorkerd();
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
    const kept = filter(line);
    if (kept !== null) process.stdout.write(`${kept}\n`);
  }
}
