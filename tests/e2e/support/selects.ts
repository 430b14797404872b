import { expect, type Locator } from "@playwright/test";

/** Room the browser keeps for a select's drop-down arrow, inside its padding box. */
const ARROW = 20;

/**
 * A select shows its longest option without clipping it: the option's text, measured in the
 * select's own font, fits in the select's width less its padding and the arrow.
 */
export async function expectSelectFitsItsOptions(select: Locator): Promise<void> {
  const m = await select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const widths = [...el.options].map((o) => ({ text: o.text, width: context.measureText(o.text).width }));
    const longest = widths.reduce((a, b) => (b.width > a.width ? b : a));
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { longest: longest.text, width: Math.ceil(longest.width), room, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
  });
  expect(m.scrollWidth).toBeLessThanOrEqual(m.clientWidth);
  expect(m.width + ARROW, `« ${m.longest} » (${m.width} px) in ${m.room} px`).toBeLessThanOrEqual(m.room);
}
