import { describe, expect, it } from 'vitest';
import { type FocusPlace, linkKeyAction } from './links-keys.ts';

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

const place = (where: Partial<FocusPlace>): FocusPlace => ({
  dialogOpen: false,
  inSearch: false,
  inField: false,
  onRow: false,
  inRow: false,
  searchHasText: false,
  onPage: false,
  ...where,
});

describe('linkKeyAction', () => {
  it('t asks for "Add tag…" from a row, the page or another button, never in a field or a dialog', () => {
    for (const where of [{ onRow: true }, { inRow: true }, { onPage: true }, {}]) {
      expect(linkKeyAction(press('t'), place(where))).toBe('tag');
    }
    expect(linkKeyAction(press('t'), place({ inSearch: true }))).toBeUndefined();
    expect(linkKeyAction(press('t'), place({ inField: true }))).toBeUndefined();
    expect(linkKeyAction(press('t'), place({ dialogOpen: true, onRow: true }))).toBeUndefined();
    expect(linkKeyAction(press('t', { ctrlKey: true }), place({ onRow: true }))).toBeUndefined();
  });

  it('from the page body, ↓ goes to the rows, and ↑, Enter, e, Delete and x do nothing', () => {
    expect(linkKeyAction(press('ArrowDown'), place({ onPage: true }))).toBe('next');
    for (const key of ['ArrowUp', 'Enter', 'e', 'Delete', 'x']) {
      expect(linkKeyAction(press(key), place({ onPage: true }))).toBeUndefined();
    }
    // A button outside the list keeps its own arrows (none) and is not the page.
    expect(linkKeyAction(press('ArrowDown'), place({}))).toBeUndefined();
  });

  it.each([
    ['/', 'focus-search'],
    ['?', 'help'],
    ['ArrowDown', 'next'],
    ['ArrowUp', 'previous'],
    ['Enter', 'copy'],
    ['e', 'edit'],
    ['Delete', 'delete'],
    ['x', 'select'],
  ] as const)('on a row, %s asks to %s', (key, action) => {
    expect(linkKeyAction(press(key), place({ onRow: true }))).toBe(action);
  });

  it.each([
    ['e', 'edit'],
    ['Delete', 'delete'],
    ['x', 'select'],
    ['ArrowDown', 'next'],
  ] as const)('on a control inside a row, %s still asks to %s', (key, action) => {
    expect(linkKeyAction(press(key), place({ inRow: true }))).toBe(action);
  });

  it('leaves Enter to the button or link it is pressed on', () => {
    expect(linkKeyAction(press('Enter'), place({ inRow: true }))).toBeUndefined();
  });

  it('in the search box, lets letters and / be typed, clears on Escape, and goes down to the rows', () => {
    for (const key of ['/', '?', 'e', 'x', 'Delete', 'Enter', 'ArrowUp']) {
      expect(linkKeyAction(press(key), place({ inSearch: true, searchHasText: true }))).toBe(
        undefined,
      );
    }
    expect(linkKeyAction(press('Escape'), place({ inSearch: true, searchHasText: true }))).toBe(
      'clear-search',
    );
    expect(linkKeyAction(press('Escape'), place({ inSearch: true }))).toBeUndefined();
    expect(linkKeyAction(press('ArrowDown'), place({ inSearch: true }))).toBe('next');
  });

  it('outside the list, Escape clears a search and row keys do nothing', () => {
    expect(linkKeyAction(press('Escape'), place({ searchHasText: true }))).toBe('clear-search');
    expect(linkKeyAction(press('Escape'), place({}))).toBeUndefined();
    for (const key of ['ArrowDown', 'Enter', 'e', 'x', 'Delete']) {
      expect(linkKeyAction(press(key), place({}))).toBeUndefined();
    }
  });

  it.each([
    ['a dialog is open', place({ dialogOpen: true, onRow: true })],
    ['focus is in another field', place({ inField: true })],
  ])('does nothing while %s', (_name, where) => {
    for (const key of ['/', '?', 'e', 'x', 'Delete', 'Enter', 'ArrowDown', 'Escape']) {
      expect(linkKeyAction(press(key), where)).toBeUndefined();
    }
  });

  it('leaves key combinations to the browser', () => {
    expect(linkKeyAction(press('e', { ctrlKey: true }), place({ onRow: true }))).toBeUndefined();
    expect(linkKeyAction(press('x', { metaKey: true }), place({ onRow: true }))).toBeUndefined();
  });
});

describe('the keys act through the section, not the page', () => {
  it('never clicks a row control found in the page (a renamed button would break a key)', async () => {
    const { readFile } = await import('node:fs/promises');
    const files = ['./LinksSection.tsx', './use-links-keyboard.ts', './LinksToolbar.tsx'];
    const sources = await Promise.all(
      files.map((file) => readFile(new URL(file, import.meta.url), 'utf8')),
    );
    const source = sources.join('\n');
    expect(source, 'the Links section finds a control by its label').not.toMatch(
      /['"`][^'"`\n]*\[aria-label=/,
    );
    const clicks = source.match(/[\w)\]]+(\?\.|\.)click\(\)/g) ?? [];
    expect(clicks, 'the Links section clicks an element it found').toEqual(['anchor.click()']);
  });
});
