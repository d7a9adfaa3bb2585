import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { streamedJsonResponse } from './compress.ts';

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, n) =>
    JSON.stringify({ id: from + n, title: `link ${from + n}` }),
  );

/**
 * The decompressed body of `response`, and whether any of it came before `release` was called
 * (which lets the answer's last chunk be made), `waitMs` after the start.
 */
async function readBefore(
  response: Response,
  encoding: 'br' | 'gzip',
  release: () => void,
  waitMs: number,
) {
  const text = Readable.fromWeb(response.body as never).pipe(
    encoding === 'br' ? createBrotliDecompress() : createGunzip(),
  );
  let body = '';
  text.on('data', (bytes: Buffer) => {
    body += bytes.toString('utf8');
  });
  const ended = new Promise((resolve, reject) => text.on('end', resolve).on('error', reject));
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  const beforeRelease = body;
  release();
  await ended;
  return { beforeRelease, body };
}

describe('streamedJsonResponse', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`sends each chunk on at once, compressed (${encoding}), while the next is being made`, async () => {
      let release = () => {};
      const lastChunkMayCome = new Promise<void>((resolve) => {
        release = resolve;
      });
      async function* chunks() {
        yield new TextEncoder().encode(`{"success":true,"links":[${rows(0, 200).join(',')},`);
        yield new TextEncoder().encode(`${rows(200, 200).join(',')},`);
        await lastChunkMayCome;
        yield new TextEncoder().encode(`${rows(400, 1).join(',')}]}`);
      }
      const response = await streamedJsonResponse({
        chunks: chunks(),
        acceptEncoding: encoding,
        breakOff: () => {},
      });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      // The list's first rows reach the client before the rest of the list is even read.
      const { beforeRelease, body } = await readBefore(response, encoding, release, 200);
      expect(beforeRelease).toMatch(/^\{"success":true,"links":\[\{"id":0,.*"id":399,/);
      expect(JSON.parse(body).links).toHaveLength(401);
    });
  }
});
