// The names of the ways a short link is copied, apart from the text making (copy-formats.ts): the
// popup's first script checks the stored "Copy as" preference against them and needs no more.

/** The ways a short link is copied, as the "Copy as" preference stores them. */
export const COPY_FORMATS = ['link', 'markdown', 'html', 'title-and-link'] as const;
export type CopyFormat = (typeof COPY_FORMATS)[number];
