/**
 * `/api-access` on a 390 px phone: the parameter tables scroll inside their own box with a shadow on the
 * side that has more, and the endpoint headings wrap between path segments, never inside one.
 */
import { describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { browserPerFile } from "./browser";
import { edgeBrightness, wrapping } from "./layout";

const baseUrl = inject("baseUrl");
const { open } = browserPerFile(baseUrl);

describe("/api-access on a phone", () => {
  it("scrolls each parameter table inside its named, focusable box with a cue; the page does not scroll", async () => {
    const { page, problems } = await open("/api-access");
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const boxes = page.getByRole("region", { name: /^Parameters of GET \/api\/v1\// });
    expect(await boxes.count()).toBeGreaterThanOrEqual(5);
    for (const box of await boxes.all()) {
      const name = (await box.getAttribute("aria-label")) ?? "";
      expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth), name).toBe(true);
      expect(await box.evaluate((el) => (el as HTMLElement).tabIndex), name).toBe(0);
    }

    // The cue, as drawn: at the start the right edge is shaded (more that way) and the left is not; at
    // the end, the other way round.
    const box = boxes.first();
    await box.scrollIntoViewIfNeeded();
    const start = await edgeBrightness(page, box);
    expect(start.right).toBeLessThan(start.left - 10);
    await box.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    const end = await edgeBrightness(page, box);
    expect(end.left).toBeLessThan(end.right - 10);

    // A keyboard reaches the box and scrolls it.
    await box.evaluate((el) => {
      el.scrollLeft = 0;
    });
    await box.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/api-access-tables-390.png", fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("wraps the endpoint headings after a slash, never inside a segment and never break-all", async () => {
    const { page } = await open("/api-access");
    await page.setViewportSize({ width: 390, height: 900 });
    const paths = page.locator("#api-reference ~ article h3 code");
    expect(await paths.count()).toBeGreaterThanOrEqual(5);
    let wrapped = 0;
    for (const path of await paths.all()) {
      const text = (await path.textContent()) ?? "";
      const layout = await wrapping(path);
      expect(layout.wordBreak, text).not.toBe("break-all");
      expect(layout.fits, text).toBe(true);
      expect(layout.wbrs, text).toBe(layout.slashes);
      // Each piece between two break opportunities sits on one line.
      for (const piece of layout.pieces) expect(piece.lines, `${text}: ${piece.text}`).toBe(1);
      if (layout.lines > 1) wrapped += 1;
    }
    // At 390 px the longest paths do wrap: the rule above was put to the test.
    expect(wrapped).toBeGreaterThan(0);
    await page.close();
  });
});
