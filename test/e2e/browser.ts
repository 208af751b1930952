/** Debian's Chromium driven by playwright-core (never a downloaded browser). */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { LIVE_PATH } from "../../app/lib/live";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/p+FUWQAAAABJRU5ErkJggg==",
  "base64",
);

export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36";

export interface Browser {
  context: BrowserContext;
  close: () => Promise<void>;
}

export async function launchBrowser({ javaScriptEnabled = true } = {}): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), "oddspulse-chromium-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
    // Headless Chromium says "HeadlessChrome", which isbot counts as a crawler (crawlers get the
    // complete page, never the streamed shell): browse as the desktop browser it is.
    userAgent: BROWSER_UA,
    javaScriptEnabled,
  });
  // Nothing may leave the machine: market images live on the provider's CDN, so every request
  // that is not for loopback is answered here (a 1×1 PNG for images) and never sent.
  await context.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) =>
      route.request().resourceType() === "image"
        ? route.fulfill({ status: 200, contentType: "image/png", body: PIXEL })
        : route.abort("blockedbyclient"),
  );
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Collects console errors and failed requests so a test can assert there were none. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (req) =>
    problems.push(`requestfailed: ${req.url()} ${req.failure()?.errorText ?? ""}`),
  );
  return problems;
}

export interface OpenedPage {
  page: Page;
  /** Console errors, page errors and failed requests seen so far. */
  problems: string[];
}

/**
 * Pages' live sockets (`/api/v1/live`) answered here and never connected to the Worker: each opens and
 * stays silent, as a hub that never says its upstream is connected. Pages then show their snapshot and
 * nothing else, as the tests that read the recorded figures expect (the live hub would move the prices
 * under them); test/e2e/live-prices.test.ts lets the sockets through.
 */
export async function silenceLiveSockets(context: BrowserContext): Promise<void> {
  await context.routeWebSocket(
    (url) => url.pathname === LIVE_PATH,
    () => {},
  );
}

/**
 * One Chromium for a test file (launched before its tests, closed after) and `open(path)`: a new tab
 * at `base + path`, answered 200, hydrated by React (so clicks and typing reach it), problems watched.
 * Live updates are off (`silenceLiveSockets`) unless `live`.
 */
export function browserPerFile(base: string, { live = false }: { live?: boolean } = {}) {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    if (!live) await silenceLiveSockets(browser.context);
    mkdirSync("test-results", { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  const context = () => {
    if (!browser) throw new Error("the browser is not launched yet");
    return browser.context;
  };
  return {
    context,
    /** `width`: the viewport's width from the first paint (height 900); 1280 when not given. */
    async open(path: string, origin = base, { width }: { width?: number } = {}): Promise<OpenedPage> {
      const page = await context().newPage();
      if (width !== undefined) await page.setViewportSize({ width, height: 900 });
      const problems = watchProblems(page);
      const response = await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
      expect(response?.status(), path).toBe(200);
      // React attaches its fiber to DOM nodes when it hydrates them.
      await page.waitForFunction(() => {
        const main = document.getElementById("main");
        return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
      });
      return { page, problems };
    },
  };
}
