/** Layout measurements for the phone-width tests: how a string wraps, and whether an edge is shaded. */
import type { Locator, Page } from "playwright-core";

export interface Wrapping {
  /** The element's computed `word-break`. */
  wordBreak: string;
  /** Its content fits its box (nothing sticks out sideways). */
  fits: boolean;
  /** Lines the whole element takes. */
  lines: number;
  slashes: number;
  wbrs: number;
  /** Each text node (a `<wbr>` ends one) with the lines it is drawn on: 1 when it was not broken. */
  pieces: { text: string; lines: number }[];
}

/** How an element's text is wrapped, read from the rectangles the browser drew its text in. */
export function wrapping(element: Locator): Promise<Wrapping> {
  return element.evaluate((el) => {
    const linesOf = (range: Range) =>
      new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const pieces: { text: string; lines: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      pieces.push({ text: node.textContent ?? "", lines: linesOf(range) });
    }
    const whole = document.createRange();
    whole.selectNodeContents(el);
    return {
      wordBreak: getComputedStyle(el).wordBreak,
      fits: el.scrollWidth <= el.clientWidth,
      lines: linesOf(whole),
      slashes: (el.textContent ?? "").split("/").length - 1,
      wbrs: el.querySelectorAll("wbr").length,
      pieces,
    };
  });
}

/**
 * Mean brightness (0–255) of the leftmost and rightmost `columns` of an element's top `rows` as drawn:
 * an element screenshot decoded on a blank page (no CSP there) through a canvas.
 */
export async function edgeBrightness(
  page: Page,
  element: Locator,
  { columns = 5, rows = 4 } = {},
): Promise<{ left: number; right: number }> {
  const png = (await element.screenshot()).toString("base64");
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(
      async ({ data, columns, rows }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no 2D canvas");
        context.drawImage(image, 0, 0);
        const mean = (x: number) => {
          const { data: px } = context.getImageData(x, 0, columns, rows);
          let sum = 0;
          for (let i = 0; i < px.length; i += 4)
            sum += ((px[i] ?? 0) + (px[i + 1] ?? 0) + (px[i + 2] ?? 0)) / 3;
          return sum / (px.length / 4);
        };
        return { left: mean(0), right: mean(image.width - columns) };
      },
      { data: png, columns, rows },
    );
  } finally {
    await blank.close();
  }
}
