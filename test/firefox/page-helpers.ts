// Finding things in a page by role and name, as a person (and the Chromium suite's getByRole)
// would, with Puppeteer's ARIA selectors; and reading them in polls that wait for the page.
import type { Page } from 'puppeteer-core';

/** A selector for the element with this ARIA role and accessible name. */
export function byRole(role: string, name: string): string {
  return `::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(role)}])`;
}

export const button = (name: string) => byRole('button', name);

/** The text of the first element matching `selector`, or undefined while there is none. */
// innerText as Firefox gives it: without the direction isolates (U+2066…U+2069) that the
// extension's sentences put around addresses, which textContent and attributes keep.
export async function textOf(page: Page, selector: string): Promise<string | undefined> {
  const element = await page.$(selector);
  if (!element) return undefined;
  try {
    return await element.evaluate((node) => (node as HTMLElement).innerText);
  } finally {
    await element.dispose();
  }
}

/** The texts of every element matching `selector`. */
export function textsOf(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (nodes) => nodes.map((node) => (node as HTMLElement).innerText));
}

/** The value of the form control matching `selector`. */
export function inputValue(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (control) => (control as HTMLInputElement).value);
}

export function attributeOf(
  page: Page,
  selector: string,
  attribute: string,
): Promise<string | null> {
  return page.$eval(selector, (element, name) => element.getAttribute(name), attribute);
}

/** Whether an element matching `selector` is in the page and shown. */
export async function isShown(page: Page, selector: string): Promise<boolean> {
  const element = await page.$(selector);
  if (!element) return false;
  try {
    return await element.isVisible();
  } finally {
    await element.dispose();
  }
}

/**
 * Replaces the text of the field, as Playwright's fill does (Puppeteer's leaves a field as it was
 * when asked to fill it with nothing): cleared with the keyboard first.
 */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.locator(selector).click();
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  if (value) await page.locator(selector).fill(value);
}

export async function click(page: Page, selector: string): Promise<void> {
  await page.locator(selector).click();
}
