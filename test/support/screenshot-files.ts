// The files the browser tests' screenshot helpers write, named in one place.

/** Where the browser tests write their screenshots; test/screenshots/ holds copies from there. */
export const SCREENSHOTS_DIR = 'test-results/screenshots';

export const SCREENSHOT_THEMES = ['light', 'dark'] as const;
export type ScreenshotTheme = (typeof SCREENSHOT_THEMES)[number];

/** The file of one screenshot in one theme; those taken in Firefox start with `firefox-`. */
export function screenshotFile(
  name: string,
  theme: ScreenshotTheme,
  browser: 'chromium' | 'firefox' = 'chromium',
): string {
  return `${browser === 'firefox' ? 'firefox-' : ''}${name}-${theme}.png`;
}
