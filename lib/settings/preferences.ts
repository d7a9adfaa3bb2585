// The preferences' choices and defaults as plain values, below both readers of the settings:
// settings.ts builds its schemas from them, and current-settings.ts, in the popup's first script,
// checks stored settings against them without zod.

/** The page themes a person can choose. */
export const THEMES = ['system', 'light', 'dark'] as const;

/**
 * The preferences until a person changes them: what settings.ts gives for one missing or damaged,
 * and what the tests and the bench store as the options page would.
 */
export const DEFAULT_PREFERENCES = {
  autoCopy: true,
  theme: 'system',
  oneClick: false,
  removeTracking: true,
  reuseExisting: true,
  copyAs: 'link',
  keepTags: false,
} as const;
