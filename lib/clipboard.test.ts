import { describe, expect, it } from 'vitest';
import { answerCopyRequest } from './clipboard.ts';

describe('answerCopyRequest', () => {
  it('writes the text of a copy request and answers ok', () => {
    const written: string[] = [];
    const answer = answerCopyRequest(
      { type: 'copy-to-clipboard', text: 'http://s.test/abc' },
      (t) => written.push(t),
    );
    expect(answer).toEqual({ ok: true });
    expect(written).toEqual(['http://s.test/abc']);
  });

  it('answers with the reason when writing fails', () => {
    const answer = answerCopyRequest({ type: 'copy-to-clipboard', text: 'x' }, () => {
      throw new Error('The browser refused to copy to the clipboard.');
    });
    expect(answer).toEqual({ ok: false, error: 'The browser refused to copy to the clipboard.' });
  });

  it.each([
    ['another type', { type: 'something-else', text: 'x' }],
    ['no text', { type: 'copy-to-clipboard' }],
    ['text that is not a string', { type: 'copy-to-clipboard', text: 42 }],
    ['a string', 'copy-to-clipboard'],
    ['null', null],
  ])('leaves a message with %s to other listeners and writes nothing', (_, message) => {
    const written: string[] = [];
    expect(answerCopyRequest(message, (t) => written.push(t))).toBeUndefined();
    expect(written).toEqual([]);
  });
});
