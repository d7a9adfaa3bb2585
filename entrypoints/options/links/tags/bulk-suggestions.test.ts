import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../lib/api/schemas.ts';
import { bulkSuggestions } from './bulk-suggestions.ts';

const link = (n: number, ...names: string[]): Link => ({
  shortUrl: `https://s.example/${n}`,
  destinationUrl: `https://example.com/${n}`,
  title: '',
  clicks: 0,
  createdAt: '2026-11-28T10:00:00.000Z',
  tags: names.map((name) => ({ name, color: 'blue' as const })),
});
const all = [link(1, 'Spring'), link(2, 'Spring', 'Client'), link(3, 'Launch')];
const selected = new Set(['https://s.example/3']);
const names = (kind: Parameters<typeof bulkSuggestions>[0]) =>
  bulkSuggestions(kind, all, selected).map((tag) => tag.name);

describe("the bulk dialog's tag suggestions", () => {
  it("are the loaded links' tags to add, and the selection's to take off", () => {
    expect(names('add-tag')).toEqual(['Spring', 'Client', 'Launch']);
    expect(names('remove-tag')).toEqual(['Launch']);
  });

  it('are not worked out while no tag dialog is open', () => {
    const counted = new Proxy(all, {
      get(target, key, receiver) {
        if (key === Symbol.iterator || key === 'filter') throw new Error('the links were read');
        return Reflect.get(target, key, receiver);
      },
    });
    expect(bulkSuggestions(undefined, counted, selected)).toEqual([]);
    expect(bulkSuggestions('expiry', counted, selected)).toEqual([]);
  });
});
