/**
 * Layout checks that axe does not make: whether anything covers a form control (the chat's
 * launcher above all), whether the focus can be seen, and colours as the browser computed them.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Scrolls every visible control of the page into view at the bottom of the screen (the worst
 * place: where the chat's launcher sits) and checks the control is what is hit at its centre and
 * near its corners. Returns nothing; fails listing each covered control and what covers it.
 */
export async function expectNoControlCovered(page: Page, where: string): Promise<void> {
  const covered = await page.evaluate(async () => {
    const selector = 'input, select, textarea, button, a[href], summary';
    const controls = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
      (element) => {
        // The chat's own controls are the chat, not the page under it.
        if (element.closest('.citabot-chat')) return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      },
    );
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        element.className && typeof element.className === 'string'
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : ''
      } "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    for (const control of controls) {
      // `block: 'end'` honours the page's scroll-padding, as focusing by keyboard does.
      control.scrollIntoView({ block: 'end', inline: 'nearest' });
      await new Promise(requestAnimationFrame);
      const box = control.getBoundingClientRect();
      const inset = Math.min(4, box.width / 4, box.height / 4);
      const points = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + inset, box.top + inset],
        [box.right - inset, box.top + inset],
        [box.left + inset, box.bottom - inset],
        [box.right - inset, box.bottom - inset],
      ];
      for (const [x = 0, y = 0] of points) {
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit !== control && !control.contains(hit) && !hit.contains(control)) {
          problems.push(`${name(control)} is covered by ${name(hit)}`);
          break;
        }
      }
    }
    return problems;
  });
  expect(covered, `controls covered ${where}`).toEqual([]);
}

/**
 * Fails when the chat's launcher (the closed widget's toggle) lies over a control or a card that
 * can be seen there: any of them whose box meets the launcher's and which, with the widget out of
 * the way, is what is hit at a point of that overlap (a 4 px grid). What is under it but hidden
 * (behind the strip the site keeps for it on phones) is not covered by it.
 */
export async function expectLauncherCoversNothing(page: Page, where: string): Promise<void> {
  const covered = await page.evaluate(() => {
    const widget = document.querySelector<HTMLElement>('.citabot-chat');
    const toggle = widget?.querySelector('.chat-window-toggle');
    if (!widget || !toggle) return ['no chat launcher on the page'];
    const launcher = toggle.getBoundingClientRect();
    const selector =
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), .card';
    const under = Array.from(document.querySelectorAll(selector)).filter((element) => {
      if (widget.contains(element)) return false;
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        box.left < launcher.right &&
        box.right > launcher.left &&
        box.top < launcher.bottom &&
        box.bottom > launcher.top
      );
    });
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${
        typeof element.className === 'string' && element.className.trim() !== ''
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : ''
      } "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    const problems: string[] = [];
    widget.style.visibility = 'hidden';
    try {
      for (const element of under) {
        const box = element.getBoundingClientRect();
        const [left, right] = [
          Math.max(box.left, launcher.left),
          Math.min(box.right, launcher.right),
        ];
        const [top, bottom] = [
          Math.max(box.top, launcher.top),
          Math.min(box.bottom, launcher.bottom),
        ];
        let seen = 0;
        for (let x = left + 0.5; x < right; x += 4) {
          for (let y = top + 0.5; y < bottom; y += 4) {
            const hit = document.elementFromPoint(x, y);
            if (hit && (hit === element || element.contains(hit))) seen += 1;
          }
        }
        if (seen > 0) {
          const overlap = `${String(Math.round(right - left))}×${String(Math.round(bottom - top))} px`;
          problems.push(
            `${name(element)} is under the launcher (${overlap}, seen at ${String(seen)} points)`,
          );
        }
      }
    } finally {
      widget.style.visibility = '';
    }
    return problems;
  });
  expect(covered, `what the chat's launcher covers ${where}`).toEqual([]);
}

/**
 * Fails unless the focused element can be seen: what is hit at the centre of its part inside the
 * screen is itself (or inside it), not the chat's launcher or anything else drawn over it.
 */
export async function expectFocusInSight(page: Page, where: string): Promise<void> {
  const hidden = await page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    const [left, right] = [Math.max(box.left, 0), Math.min(box.right, window.innerWidth)];
    const [top, bottom] = [Math.max(box.top, 0), Math.min(box.bottom, window.innerHeight)];
    const label = `${focused.tagName.toLowerCase()} "${(focused.textContent ?? '').trim().slice(0, 30)}"`;
    if (left >= right || top >= bottom) return `${label} is off the screen`;
    const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    if (hit && (hit === focused || focused.contains(hit))) return null;
    return `${label} is hidden by ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}` : 'nothing'}`;
  });
  expect(hidden, `the focused element ${where}`).toBeNull();
}

/** Fails when the page scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow ${where}`).toBeLessThanOrEqual(0);
}

/**
 * A computed colour of `locator` as sRGB channels 0–255, whatever notation the browser computed
 * (rgb(), lab(), color(srgb …) from color-mix()): it is painted on a canvas and read back.
 */
export async function paintedColor(
  locator: Locator,
  property: 'color' | 'backgroundColor' | 'borderTopColor',
): Promise<[number, number, number]> {
  return locator.evaluate((element, name) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = getComputedStyle(element)[name];
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return [red, green, blue] as [number, number, number];
  }, property);
}

/** WCAG 2 contrast ratio of two sRGB colours. */
export function contrastRatio(first: number[], second: number[]): number {
  const luminance = (rgb: number[]) => {
    const [red = 0, green = 0, blue = 0] = rgb.map((channel) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
