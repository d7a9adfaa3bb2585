// Addresses as a person reads them, as the browser's address bar shows them: percent-escapes of
// readable text decoded (`some%20page` reads `some page`, `caf%C3%A9` reads `café`), while every
// escape whose character would change what the address means or hide what it is stays as it came:
// delimiters (`%2F` is not a `/`), `%25` itself, control and invisible characters, and spaces at
// either end. Display only: links, copies and edits keep the address exactly.
import { displayUrl } from './display-host.ts';

/** Characters that mean something in a URL's path, query or fragment when written plainly. */
const DELIMITERS = new Set([...'/?#[]@!$&\'()*+,;=:%"<>\\^`{|}']);

/** Controls, format characters (bidi overrides, zero-width) and separators other than the space. */
const HIDDEN =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u3164\uffa0\u115f\u1160]/u;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** How many bytes a UTF-8 sequence with this first byte has; 0 when it cannot start one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

type Piece = { text: string; escaped?: string; space?: boolean };

/** One run of escapes (`%E2%82%AC%20`) as pieces: a character each, or an escape kept as it is. */
function decodeRun(run: string): Piece[] {
  const escapes = run.match(/%[0-9A-Fa-f]{2}/g) ?? [];
  const bytes = escapes.map((pair) => Number.parseInt(pair.slice(1), 16));
  const pieces: Piece[] = [];
  for (let i = 0; i < bytes.length; ) {
    const length = sequenceLength(bytes[i] as number);
    const original = escapes.slice(i, i + Math.max(1, length)).join('');
    let char: string | undefined;
    if (length > 0 && i + length <= bytes.length) {
      try {
        char = strictUtf8.decode(new Uint8Array(bytes.slice(i, i + length)));
      } catch {
        char = undefined;
      }
    }
    if (char === undefined) {
      // Not UTF-8: the one escape stays, and the next byte is tried on its own.
      pieces.push({ text: escapes[i] as string });
      i += 1;
      continue;
    }
    if (DELIMITERS.has(char) || HIDDEN.test(char)) pieces.push({ text: original });
    else pieces.push({ text: char, escaped: original, space: char === ' ' });
    i += length;
  }
  return pieces;
}

/** Percent-escapes of readable text decoded, for display (see the top of this file). */
export function decodeForDisplay(text: string): string {
  if (!text.includes('%')) return text;
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(/(?:%[0-9A-Fa-f]{2})+/g)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push(...decodeRun(match[0]));
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  // A space at either end would be invisible: those stay escaped.
  for (let i = 0; i < pieces.length && pieces[i]?.space; i++) {
    const piece = pieces[i] as Piece;
    pieces[i] = { text: piece.escaped ?? piece.text };
  }
  for (let i = pieces.length - 1; i >= 0 && pieces[i]?.space; i--) {
    const piece = pieces[i] as Piece;
    pieces[i] = { text: piece.escaped ?? piece.text };
  }
  return pieces.map((piece) => piece.text).join('');
}

/** A whole address as shown: its host as the address bar shows it, its escapes decoded. */
export function displayAddress(address: string): string {
  return decodeForDisplay(displayUrl(address));
}
