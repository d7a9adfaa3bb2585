import { afterEach, describe, expect, it } from 'vitest';
import { BackHalf, DestinationUrl, DomainHost, Title } from '../../contract/wire.ts';
import { withoutIsolates } from '../../test/support/messages-in-node.ts';
import { speak } from '../../test/support/speak.ts';
import { fieldProblemText, type LinkInputField } from './field-problems.ts';

const SCHEMAS = {
  destinationUrl: DestinationUrl,
  backHalf: BackHalf,
  title: Title,
  domain: DomainHost,
};

/** Every kind of issue the contract finds in text typed into a link's fields. */
const BAD_INPUTS: [LinkInputField, string][] = [
  ['destinationUrl', ''],
  ['destinationUrl', `https://example.com/${'x'.repeat(2048)}`],
  ['destinationUrl', 'https://example.com/a\nb'],
  ['destinationUrl', 'https://example.com/\uD800'],
  ['destinationUrl', 'not a url'],
  ['destinationUrl', 'ftp://example.com/file'],
  ['destinationUrl', 'https://name:secret@example.com/'],
  ['destinationUrl', `https://example.com/?q=${' x'.repeat(700)}`],
  ['backHalf', 'x'.repeat(65)],
  ['backHalf', 'a b'],
  ['title', 'x'.repeat(256)],
  ['title', 'a\u0000b'],
  ['title', 'a\uD800'],
  ['domain', ' '],
  ['domain', `${'a'.repeat(250)}.com`],
  ['domain', 'go\u0001.example'],
  ['domain', 'go\uD800.example'],
];

const issuesOf = (field: LinkInputField, typed: string) =>
  SCHEMAS[field].safeParse(typed).error?.issues ?? [];

let english = () => {};
afterEach(() => english());

describe('fieldProblemText', () => {
  it('finds an issue in every bad input of the table', () => {
    for (const [field, typed] of BAD_INPUTS) expect(issuesOf(field, typed)).not.toEqual([]);
  });

  it.each(BAD_INPUTS)(
    'says the %s issues of %j in the English words the service uses',
    (field, typed) => {
      for (const issue of issuesOf(field, typed)) {
        expect(withoutIsolates(fieldProblemText(field, issue))).toBe(issue.message);
      }
    },
  );

  it.each(BAD_INPUTS)('says the %s issues of %j in German, each from a message', (field, typed) => {
    english = speak('de', 'de-DE');
    for (const issue of issuesOf(field, typed)) {
      const text = fieldProblemText(field, issue);
      expect(text).not.toBe(issue.message);
      expect(text).not.toBe('');
    }
  });

  it('tells the contract issues apart in German, with their limits', () => {
    english = speak('de', 'de-DE');
    const first = (field: LinkInputField, typed: string) =>
      fieldProblemText(field, issuesOf(field, typed)[0] as never);
    expect(first('backHalf', 'a b')).toBe(
      'Das Back-Half darf nur Buchstaben, Ziffern, „-“ und „_“ enthalten (1 bis 64 Zeichen).',
    );
    expect(first('backHalf', 'x'.repeat(65))).toBe(
      'Das Back-Half ist zu lang: höchstens 64 Zeichen.',
    );
    expect(first('title', 'x'.repeat(256))).toBe('Der Titel ist zu lang: höchstens 255 Zeichen.');
    expect(first('destinationUrl', `https://example.com/?q=${' x'.repeat(700)}`)).toBe(
      'Die Ziel-URL ist zu lang: höchstens 2048 Zeichen nach der Kodierung.',
    );
    expect(first('destinationUrl', 'ftp://example.com/')).toBe(
      'Die Ziel-URL muss eine vollständige Webadresse sein, die mit \u2066http://\u2069 oder \u2066https://\u2069 beginnt.',
    );
  });

  it('writes the limits the Arabic way, isolated', () => {
    english = speak('ar');
    const [issue] = issuesOf('backHalf', 'a b');
    const number = new Intl.NumberFormat('ar', { useGrouping: false });
    expect(fieldProblemText('backHalf', issue as never)).toBe(
      `لا يمكن أن تحتوي لاحقة الرابط إلا على حروف وأرقام و«-» و«_» (من \u2068${number.format(1)}\u2069 إلى \u2068${number.format(64)}\u2069 حرفًا).`,
    );
  });

  it('keeps the English message of an issue no form can cause', () => {
    english = speak('de', 'de-DE');
    const [issue] = BackHalf.safeParse(42).error?.issues ?? [];
    expect(fieldProblemText('backHalf', issue as never)).toBe('The back-half must be text.');
  });
});
