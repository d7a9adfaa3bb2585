// test/screenshots/ keeps only the pictures that something names by their file name: a document
// (README.md, docs/*.md) that shows them, or a test. Every run of the browser tests still writes a
// screenshot of every screen in both themes into test-results/screenshots/ (test/support/
// screenshot-files.ts), which is where a picture is copied from when a document comes to show it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCREENSHOTS = 'test/screenshots';

function filesUnder(folder: string, pattern: RegExp): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => `${folder}/${name.split(path.sep).join('/')}`)
    .filter((file) => pattern.test(file));
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const documents = ['README.md', ...filesUnder('docs', /\.md$/)];
const tests = filesUnder('test', /\.tsx?$/).filter((file) => file !== 'test/screenshots.test.ts');

/** Whether a text names a picture: its file name whole, not the end of a longer one. */
const names = (text: string, picture: string) =>
  new RegExp(`(?<![\\w.-])${picture.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(text);

/** The pictures kept that nothing names, as sentences. */
function unnamedPictures(pictures: string[], texts: string[]): string[] {
  return pictures
    .filter((picture) => !texts.some((text) => names(text, picture)))
    .map(
      (picture) =>
        `${SCREENSHOTS}/${picture} is named by no document and no test: remove it, or show it in a document.`,
    );
}

/** The pictures a document shows that are not kept, as sentences. */
function missingPictures(document: string, text: string, pictures: string[]): string[] {
  return [...text.matchAll(/test\/screenshots\/([\w.-]+\.png)/g)]
    .filter(([, picture = '']) => !pictures.includes(picture))
    .map(
      ([named]) =>
        `${document} shows ${named}, which is not there: copy it from test-results/screenshots/ after a browser test run.`,
    );
}

describe('test/screenshots/', () => {
  const pictures = readdirSync(path.join(ROOT, SCREENSHOTS)).filter((name) =>
    name.endsWith('.png'),
  );

  it('holds only pictures that a document or a test names', () => {
    expect(unnamedPictures(pictures, [...documents, ...tests].map(read))).toEqual([]);
  });

  it('holds every picture a document shows', () => {
    expect(
      documents.flatMap((document) => missingPictures(document, read(document), pictures)),
    ).toEqual([]);
  });

  it('names the stray and the missing picture (a made-up folder)', () => {
    expect(
      unnamedPictures(
        ['a-light.png', 'b-dark.png', 'c-light.png'],
        ['<img src="test/screenshots/a-light.png">', '![c](test/screenshots/firefox-c-light.png)'],
      ),
    ).toEqual([
      'test/screenshots/b-dark.png is named by no document and no test: remove it, or show it in a document.',
      'test/screenshots/c-light.png is named by no document and no test: remove it, or show it in a document.',
    ]);
    expect(
      unnamedPictures(
        ['a-light.png', 'b-dark.png', 'c-light.png'],
        ["path: 'a-light.png'", 'Below:\nb-dark.png, at the start of a line', 'see c-light.png'],
      ),
    ).toEqual([]);
    expect(
      missingPictures('README.md', '![x](test/screenshots/gone-light.png)', ['a-light.png']),
    ).toEqual([
      'README.md shows test/screenshots/gone-light.png, which is not there: copy it from test-results/screenshots/ after a browser test run.',
    ]);
  });
});
