import { describe, expect, it } from 'vitest';
import { checkTags } from './check-tags.ts';

describe('checkTags', () => {
  it('sends the chips and the text still typed, and nothing when there are none', () => {
    expect(checkTags({ tags: ['Spring'], draft: ' Launch ' }, true)).toEqual({
      tags: ['Spring', 'Launch'],
    });
    expect(checkTags({ tags: [], draft: '  ' }, true)).toEqual({ tags: undefined });
  });

  it('says what is wrong with the text typed, in words', () => {
    expect(checkTags({ tags: [], draft: 'x'.repeat(41) }, true)).toEqual({
      error: 'A tag name has at most 40 characters.',
    });
  });

  it('sends nothing, and finds nothing wrong, where the service offers no tags', () => {
    expect(checkTags({ tags: ['Spring'], draft: 'a|b' }, false)).toEqual({ tags: undefined });
  });
});
