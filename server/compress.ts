import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const MIN_COMPRESSED_BYTES = 8 * 1024;
const BROTLI_QUALITY = 4;
const JSON_HEADERS = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };

type Encoding = 'br' | 'gzip' | undefined;

function encodingFor(acceptEncoding: string): Encoding {
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return undefined;
}

/**
 * A JSON answer, compressed when large and the client accepts it. Brotli at quality 4 shrinks a
 * 10,000-link list from 2.3 MB to 40 kB in about 25 ms, off the event loop (zlib's thread pool).
 */
export async function jsonResponse(body: unknown, acceptEncoding = ''): Promise<Response> {
  return jsonTextResponse(JSON.stringify(body), acceptEncoding);
}

async function jsonTextResponse(json: string, acceptEncoding: string): Promise<Response> {
  const encoding = json.length >= MIN_COMPRESSED_BYTES ? encodingFor(acceptEncoding) : undefined;
  if (encoding === 'br') {
    const compressed = await brotli(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    });
    return new Response(compressed, { headers: { ...JSON_HEADERS, 'Content-Encoding': 'br' } });
  }
  if (encoding === 'gzip') {
    const compressed = await gzipAsync(json, { level: 1 });
    return new Response(compressed, { headers: { ...JSON_HEADERS, 'Content-Encoding': 'gzip' } });
  }
  return new Response(json, { headers: JSON_HEADERS });
}

/** Items serialised per chunk: about 100 kB of links, a millisecond or two of work. */
const ITEMS_PER_CHUNK = 500;

/** `prefix`, the items as JSON separated by commas, `suffix`: in chunks of ITEMS_PER_CHUNK items. */
async function* jsonChunks(
  prefix: string,
  items: AsyncIterable<unknown> | Iterable<unknown>,
  suffix: string,
): AsyncGenerator<string> {
  let text = prefix;
  let inChunk = 0;
  let first = true;
  for await (const item of items) {
    text += (first ? '' : ',') + JSON.stringify(item);
    first = false;
    if (++inChunk === ITEMS_PER_CHUNK) {
      yield text;
      text = '';
      inChunk = 0;
    }
  }
  yield text + suffix;
}

/**
 * A JSON answer made of many items (`prefix` + items joined by commas + `suffix`), written as it
 * is read: a chunk of items at a time, giving the event loop a turn between chunks so that a long
 * list never holds up the requests around it (redirects above all), and never held whole in
 * memory. The items are pulled only as fast as the client (through the compressor) takes them.
 * A list that fits in one chunk is answered as a plain JSON answer, with its length.
 * An error while reading the items ends the answer abruptly (after `onError`), so the client
 * sees a broken answer, never a short list that looks whole.
 */
export async function streamedJsonResponse(options: {
  prefix: string;
  items: AsyncIterable<unknown> | Iterable<unknown>;
  suffix: string;
  acceptEncoding?: string;
  onError(error: unknown): void;
}): Promise<Response> {
  const chunks = jsonChunks(options.prefix, options.items, options.suffix);
  const first = await chunks.next();
  const second = first.done ? first : await chunks.next();
  if (second.done) return jsonTextResponse(first.value ?? '', options.acceptEncoding ?? '');

  async function* paced(): AsyncGenerator<string> {
    try {
      yield first.value;
      yield second.value;
      while (true) {
        await nextTurn();
        const next = await chunks.next();
        if (next.done) return;
        yield next.value;
      }
    } catch (error) {
      options.onError(error);
      throw error;
    } finally {
      // Also when the client goes away: ends the database read.
      await chunks.return(undefined);
    }
  }

  const text = Readable.from(paced(), { objectMode: false, highWaterMark: 64 * 1024 });
  // A stream destroyed before its first read never runs paced()'s finally.
  text.once('close', () => void chunks.return(undefined));
  const encoding = encodingFor(options.acceptEncoding ?? '');
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : encoding === 'gzip'
        ? createGzip({ level: 1 })
        : undefined;
  let body: Readable = text;
  if (compressor) {
    text.on('error', (error) => compressor.destroy(error));
    body = text.pipe(compressor);
  }
  const headers: Record<string, string> = { ...JSON_HEADERS };
  if (encoding) headers['Content-Encoding'] = encoding;
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { headers });
}
