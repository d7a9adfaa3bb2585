import type { Theme } from '../../lib/settings/settings.ts';

/** Applies a theme choice to the page: "system" leaves it to prefers-color-scheme. */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}
