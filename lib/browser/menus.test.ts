import { describe, expect, it } from 'vitest';
import { MENU_ITEMS } from './menus.ts';

describe('context menu items', () => {
  it('use the product words, one for links and one for the page', () => {
    expect(MENU_ITEMS.map(({ title, contexts }) => [title, contexts])).toEqual([
      ['Shorten link', ['link']],
      ['Shorten this page', ['page']],
    ]);
  });

  it('have distinct ids', () => {
    expect(new Set(MENU_ITEMS.map((item) => item.id)).size).toBe(MENU_ITEMS.length);
  });
});
