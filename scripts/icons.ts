/**
 * `npm run icons`: draws the app's PNG icons (the web app manifest's, the notifications' and
 * iOS's home-screen icon) from the same mark as public/favicon.svg, with Debian's Chromium (decision 0043).
 * Run it again after changing the mark; the PNGs are committed.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const BLUE = "#1d4ed8";
/** The favicon's pulse line on its 32-unit grid. */
const PULSE = "M5 20h5l3-8 4 12 3-8h7";

/**
 * `rounded`: the favicon's own rounded square on a transparent ground ("any" icons). Otherwise a full
 * square (maskable and Apple icons: the platform cuts the shape) with the line scaled by `inner` into
 * the middle, inside the maskable safe zone (the central circle of 80 %).
 */
function svg(size: number, { rounded, inner = 1 }: { rounded: boolean; inner?: number }): string {
  const offset = (32 - 32 * inner) / 2;
  const shape = rounded
    ? `<rect width="32" height="32" rx="7" fill="${BLUE}"/>`
    : `<rect width="32" height="32" fill="${BLUE}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${shape}<g transform="translate(${offset} ${offset}) scale(${inner})"><path d="${PULSE}" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;
}

const ICONS = [
  { file: "public/icon-192.png", size: 192, rounded: true },
  { file: "public/icon-512.png", size: 512, rounded: true },
  { file: "public/icon-maskable-512.png", size: 512, rounded: false, inner: 0.72 },
  { file: "public/apple-touch-icon.png", size: 180, rounded: false, inner: 0.8 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(icon.size, icon)}</body></html>`,
    );
    const png = await page.locator("svg").screenshot({ omitBackground: true });
    writeFileSync(icon.file, png);
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
