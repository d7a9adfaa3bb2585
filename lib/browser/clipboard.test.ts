import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { answerCopyRequest, copyFromBackground } from './clipboard.ts';

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

describe('copyFromBackground without an offscreen API (Firefox)', () => {
  const fakeDocument = (copied: string[]) => ({
    body: { append() {} },
    createElement: () => {
      const textarea = { value: '', select() {}, remove() {} };
      fakeDocument.last = textarea;
      return textarea;
    },
    execCommand: (command: string) => {
      copied.push(`${command}:${fakeDocument.last?.value}`);
      return true;
    },
  });
  fakeDocument.last = undefined as { value: string } | undefined;

  // Firefox has no offscreen API; the fake browser has one.
  const offscreen = browser.offscreen;
  const withoutOffscreen = browser as { offscreen?: unknown };
  beforeEach(() => {
    withoutOffscreen.offscreen = undefined;
  });
  afterEach(() => {
    withoutOffscreen.offscreen = offscreen;
    vi.unstubAllGlobals();
  });

  it('writes with the asynchronous clipboard API', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await copyFromBackground('http://s.test/ff');
    expect(writeText).toHaveBeenCalledWith('http://s.test/ff');
  });

  it('falls back to a selected textarea when the page is refused for lack of focus', async () => {
    const copied: string[] = [];
    vi.stubGlobal('navigator', {
      clipboard: { writeText: async () => Promise.reject(new Error('Document is not focused')) },
    });
    vi.stubGlobal('document', fakeDocument(copied));
    await copyFromBackground('http://s.test/ff2');
    expect(copied).toEqual(['copy:http://s.test/ff2']);
  });
});
