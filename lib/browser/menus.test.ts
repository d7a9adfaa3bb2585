import { describe, expect, it } from 'vitest';
import { MENU_ITEMS, menuItemsFor, readMenuItemId } from './menus.ts';

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

  it('are the two items alone with one account', () => {
    expect(menuItemsFor([{ id: 'first', name: 'Work' }])).toEqual([
      { id: 'shorten-link', title: 'Shorten link', contexts: ['link'] },
      { id: 'shorten-page', title: 'Shorten this page', contexts: ['page'] },
    ]);
  });

  it('give each item one child per account, named after it, with two or more', () => {
    const items = menuItemsFor([
      { id: 'first', name: 'Work' },
      { id: 'b2', name: 'Personal' },
    ]);
    expect(items.map((item) => [item.id, item.title, item.parentId])).toEqual([
      ['shorten-link', 'Shorten link', undefined],
      ['shorten-link/first', 'Work', 'shorten-link'],
      ['shorten-link/b2', 'Personal', 'shorten-link'],
      ['shorten-page', 'Shorten this page', undefined],
      ['shorten-page/first', 'Work', 'shorten-page'],
      ['shorten-page/b2', 'Personal', 'shorten-page'],
    ]);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it.each([
    ['shorten-link', { item: 'shorten-link' }],
    ['shorten-page/b2', { item: 'shorten-page', accountId: 'b2' }],
    ['shorten-page/1f0c-4e2a', { item: 'shorten-page', accountId: '1f0c-4e2a' }],
  ])('reads the item and account of %s', (id, read) => {
    expect(readMenuItemId(id)).toEqual(read);
  });
});
