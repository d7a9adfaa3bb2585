// Titles longer than the service takes (255 characters) are cut the same way everywhere: in the
// popup's prefilled field, from the context menu and from the shortcut.
import { DIRECTION_CONTROL_RANGES, TITLE_MAX_LENGTH } from '../../contract/limits.ts';

const ELLIPSIS = '…';
/** A word boundary further back than this would lose too much: cut mid-word instead. */
const MAX_WORD_BACKTRACK = 40;

/**
 * Control characters and line breaks, which the service refuses in a title; a page's `<title>` can
 * hold them (the browser collapses only spaces, tabs and line feeds).
 */
const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
/** Invisible, and refused by the service too: dropped, not turned to spaces. */
const DIRECTION_CONTROLS = new RegExp(`[${DIRECTION_CONTROL_RANGES}]+`, 'g');

/**
 * A page's title as the service takes it: control characters turned to spaces, direction controls
 * dropped, trimmed, and when
 * too long cut on a word with "…" to at most `max` characters.
 */
export function cutTitle(title: string, max = TITLE_MAX_LENGTH): string {
  const trimmed = title.replace(DIRECTION_CONTROLS, '').replace(CONTROL_CHARACTERS, ' ').trim();
  // Counted in code points, as the contract counts: an emoji is one character, not two.
  const characters = [...trimmed];
  if (characters.length <= max) return trimmed;
  const kept = characters.slice(0, max - ELLIPSIS.length);
  const nextIsSpace = /\s/u.test(characters[kept.length] ?? '');
  let end = kept.length;
  if (!nextIsSpace) {
    const lastSpace = kept.findLastIndex((character) => /\s/u.test(character));
    if (lastSpace > 0 && kept.length - lastSpace <= MAX_WORD_BACKTRACK) end = lastSpace;
  }
  return `${kept.slice(0, end).join('').trimEnd()}${ELLIPSIS}`;
}
