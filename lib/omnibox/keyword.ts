// The word that hands the address bar to the extension (`sl <words>`). A plain module: the build's
// manifest (wxt.config.ts) reads it without loading the omnibox's use case.
export const OMNIBOX_KEYWORD = 'sl';
