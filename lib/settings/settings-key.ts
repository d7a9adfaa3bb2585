/**
 * The `storage.local` key the settings live under, in a module of its own: the popup asks for
 * them before the schemas (and zod) are evaluated.
 */
export const SETTINGS_KEY = 'settings';
