import type { Locator } from "playwright-core";

/** The colours an element shows: its text, and the first opaque background behind it, as relative luminance (0 black, 1 white). */
export interface Colours {
  text: number;
  background: number;
}

/**
 * Reads an element's computed text colour and the background it sits on (walking up to
 * the first ancestor with a non-transparent background), converted through a canvas so
 * any CSS colour syntax (Tailwind 4 computes to oklch) becomes sRGB.
 */
export function coloursOf(element: Locator): Promise<Colours> {
  return element.evaluate((el) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    const luminance = (colour: string): number => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = Array.from(ctx.getImageData(0, 0, 1, 1).data).map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let bg: Element | null = el;
    while (bg && bg !== document.documentElement) {
      const c = getComputedStyle(bg).backgroundColor;
      if (c !== "transparent" && !/^rgba\(.*,\s*0\)$/.test(c)) break;
      bg = bg.parentElement;
    }
    return { text: luminance(getComputedStyle(el).color), background: luminance(getComputedStyle(bg ?? document.body).backgroundColor) };
  });
}
