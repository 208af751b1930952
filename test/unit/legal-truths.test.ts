/**
 * The privacy and cookie policies say what the application stores (decision 0050), and it must be what the
 * code does: the local storage keys they list are every key the application writes, the session storage
 * keys are the framework's, nothing else is written to the browser, and the figures quoted are the code's.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SENT_KEPT_MS } from "~/.server/alerts/dispatch";
import {
  BROWSER_STORAGE,
  COOKIE_POLICY,
  LEGAL_SEED_DATE,
  type LegalDocument,
  PRIVACY_POLICY,
  STORED_DATA_DATE,
  TERMS_OF_SERVICE,
} from "~/content/legal";
import { ALERTS_KEY } from "~/lib/alerts-storage";
import { WATCHLIST_KEY } from "~/lib/watchlist";

const ROOT = new URL("../../", import.meta.url).pathname;

/** Every source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|js)$/.test(name) ? [path] : [];
  });
}

/** The application's code and the service worker (not app/content: the texts name what they describe). */
const CODE = [...sources(join(ROOT, "app")), join(ROOT, "public/sw.js")]
  .filter((path) => !path.includes("/app/content/"))
  .map((path) => ({ path, text: readFileSync(path, "utf8") }));

/** A document's words, every block's. */
function textOf(doc: LegalDocument): string {
  return [
    doc.summary,
    ...doc.sections.flatMap((s) =>
      s.blocks.flatMap((b) =>
        b.kind === "paragraph"
          ? [b.text]
          : b.kind === "list"
            ? [...b.items]
            : b.kind === "storage"
              ? b.entries.flatMap((e) => [e.name, e.key, e.holds, e.kept])
              : [],
      ),
    ),
  ].join("\n");
}

describe("what the policies say is stored", () => {
  it("lists every local storage key the application writes, and no other", () => {
    const local = BROWSER_STORAGE.filter((e) => e.area === "local").map((e) => e.key);
    expect(local).toEqual([WATCHLIST_KEY, ALERTS_KEY]);
    // Every write to local storage goes through one of the two keys' constants.
    const writes = CODE.flatMap(({ path, text }) =>
      [...text.matchAll(/localStorage\.setItem\(\s*([^,\s)]+)/g)].map((m) => `${m[1]} (${path})`),
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(write).toMatch(/^(WATCHLIST_KEY|ALERTS_KEY) /);
    // Nothing else in the browser: no session storage, IndexedDB, Cache Storage or cookies written.
    for (const { path, text } of CODE) {
      expect(text, path).not.toMatch(/\bsessionStorage\b|\bindexedDB\b|document\.cookie|\bcaches\.open\b/);
    }
  });

  it("lists the session storage keys React Router writes: scroll positions, and the version after a deployment", () => {
    const session = BROWSER_STORAGE.filter((e) => e.area === "session").map((e) => e.key);
    const framework = sources(join(ROOT, "node_modules/react-router/dist/production")).flatMap((path) =>
      [...readFileSync(path, "utf8").matchAll(/const (\w+_STORAGE_KEY) = "([^"]+)"/g)].map((m) => ({
        name: m[1],
        key: m[2],
      })),
    );
    const keyOf = (name: string) => framework.find((k) => k.name === name)?.key;
    expect(session).toEqual([keyOf("SCROLL_RESTORATION_STORAGE_KEY"), keyOf("MANIFEST_VERSION_STORAGE_KEY")]);
    // <ScrollRestoration /> with its default key; its third key is written only for view transitions.
    const root = readFileSync(join(ROOT, "app/root.tsx"), "utf8");
    expect(root).toContain("<ScrollRestoration />");
    expect(keyOf("TRANSITIONS_STORAGE_KEY")).toBeDefined();
    for (const { path, text } of CODE) expect(text, path).not.toMatch(/viewTransition/);
  });

  it("both policies name the keys, the subscription kept on our server and how to delete it", () => {
    for (const doc of [PRIVACY_POLICY, COOKIE_POLICY]) {
      const text = textOf(doc);
      for (const entry of BROWSER_STORAGE) expect(text, doc.path).toContain(entry.key);
      expect(text, doc.path).toContain("stored on our server");
      expect(text, doc.path).toContain("404 or 410");
      expect(text, doc.path).toContain(`deleted after ${SENT_KEPT_MS / 86_400_000} days`);
      expect(text, doc.path).toContain('under "Your alerts"');
      expect(text, doc.path).toContain("Clearing this site's data");
      expect(text, doc.path).not.toMatch(/no local storage|nothing in your browser's local storage/);
      expect(doc.lastUpdated).toEqual(STORED_DATA_DATE);
    }
  });

  it("the new date reads as the pages write dates; the unchanged terms keep the seed date", () => {
    const label = new Date(`${STORED_DATA_DATE.iso}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(STORED_DATA_DATE).toEqual({ label: "November 26, 2026", iso: "2026-11-26" });
    expect(label).toBe(STORED_DATA_DATE.label);
    expect(TERMS_OF_SERVICE.lastUpdated).toEqual(LEGAL_SEED_DATE);
    expect(LEGAL_SEED_DATE).toEqual({ label: "January 1, 2025", iso: "2025-01-01" });
  });
});
