import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type ImportIssue, importIssueEnglish } from '../../../../contract/import-file.ts';
import {
  checkImportLinkEnd,
  checkImportRow,
  checkImportTags,
} from '../../../../contract/import-rows.ts';
import { speak } from '../../../../test/support/speak.ts';
import { importIssueText, importRowIssueText, unknownDomainsText } from './import-text.ts';

const english = fakeBrowser.i18n.getMessage;
const englishLanguage = fakeBrowser.i18n.getUILanguage;
afterEach(() => {
  fakeBrowser.i18n.getMessage = english;
  fakeBrowser.i18n.getUILanguage = englishLanguage;
});

const FILE_ISSUES: ImportIssue[] = [
  { code: 'archive' },
  { code: 'oldExcel' },
  { code: 'pdf' },
  { code: 'image', format: 'PNG' },
  { code: 'compressed' },
  { code: 'notUtf8' },
  { code: 'notText' },
  { code: 'empty' },
  { code: 'headerOnly' },
  { code: 'noDestinationColumn' },
  { code: 'unclosedQuote', line: 1234 },
];

describe('the import’s issues in words', () => {
  it.each(FILE_ISSUES)('say $code in English as the service’s command line does', (issue) => {
    expect(importIssueText(issue)).toBe(importIssueEnglish(issue));
  });

  it('say the extension’s own limits in English, numbers written the English way', () => {
    expect(importIssueText({ code: 'tooManyRows', rows: 100_001, max: 100_000 })).toBe(
      'The file has 100,001 rows; the extension imports at most 100,000 at a time: import it in parts, or ask the service’s operator to run its import command, which takes any number.',
    );
    expect(importIssueText({ code: 'tooLarge', megabytes: 50 })).toBe(
      'The file is over 50 MB: import it in parts, or ask the service’s operator to run its import command, which takes any number.',
    );
  });

  it('say why a row is set aside, the values in their place', () => {
    expect(importRowIssueText({ code: 'domainNotAdded', domain: 'go.example' })).toBe(
      'The account has not added the domain \u2066go.example\u2069.',
    );
    expect(importRowIssueText({ code: 'shortUrlNotAddress', shortUrl: 'http://' })).toBe(
      'The short URL "\u2066http://\u2069" is not a web address.',
    );
    expect(importRowIssueText({ code: 'destinationEmpty' })).toBe('The destination URL is empty.');
  });

  it('speak German, numbers written the German way', () => {
    speak('de', 'de');
    expect(importIssueText({ code: 'empty' })).toBe(
      'Die Datei ist leer: Sie enthält keine Links zum Importieren.',
    );
    expect(importIssueText({ code: 'tooManyRows', rows: 100_001, max: 100_000 })).toMatch(
      /^Die Datei hat 100\.001 Zeilen; die Erweiterung importiert höchstens 100\.000 auf einmal/,
    );
    expect(importRowIssueText({ code: 'domainNotAdded', domain: 'go.example' })).toBe(
      'Das Konto hat die Domain \u2066go.example\u2069 nicht hinzugefügt.',
    );
  });

  it('say a broken field rule as the popup says it: English as the service, German in German', () => {
    const row = {
      row: 3,
      destination: 'https://example.com/',
      backHalf: 'no spaces',
      title: '',
      domain: '',
      shortUrl: '',
    };
    const check = checkImportRow(row);
    if (check.ok) throw new Error('a back-half with a space passed');
    expect(importRowIssueText(check.issue)).toBe(check.reason);
    speak('de', 'de');
    const german = importRowIssueText(check.issue);
    expect(german).not.toBe(check.reason);
    expect(german).toMatch(/Back-Half/);
  });
});

describe('a bad expiry or click limit in words', () => {
  it.each([{ expiresAt: 'tomorrow' }, { expiresAt: '2001-01-01T00:00:00Z' }, { maxClicks: '0' }])(
    'says %o as the service does, naming the column, and in German',
    (cells) => {
      const check = checkImportLinkEnd(cells);
      if (check.ok) throw new Error('a bad cell passed');
      expect(importRowIssueText(check.issue).replace(/[\u2066\u2069]/g, '')).toBe(check.reason);
      speak('de', 'de');
      expect(importRowIssueText(check.issue)).toMatch(
        /^(Der Ablauf|Das Klicklimit) \(Spalte \w+\)/,
      );
    },
  );
});

describe('bad tags in words', () => {
  it.each(['x'.repeat(41), Array.from({ length: 21 }, (_, n) => `t${n}`).join(',')])(
    'says the rules of a tags cell %s, in English and in German',
    (cell) => {
      const check = checkImportTags({ tags: cell });
      if (check.ok) throw new Error('a bad cell passed');
      expect(importRowIssueText(check.issue)).toBe(
        'The tags are not valid: at most 20 names a link, each 1 to 40 characters, without “,” or “|”.',
      );
      speak('de', 'de');
      expect(importRowIssueText(check.issue)).toMatch(/^Die Tags sind ungültig: höchstens 20 /);
    },
  );
});

describe('the domains the account has not added', () => {
  it('reads each domain left to right inside the sentence, not the list as one', () => {
    expect(unknownDomainsText(['go.example.com', 'links.example'])).toBe(
      'Domains the account has not added: \u2066go.example.com\u2069, \u2066links.example\u2069',
    );
  });
});
