import { pipeline, Readable } from 'node:stream';
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

/**
 * A long JSON answer whose bytes come a chunk at a time (GET /v1/links, from list-reader.ts):
 * passed on as they come, through the compressor when the client accepts one, and never held
 * whole. The next chunk is asked for only when the client (through the compressor) has taken the
 * last. An answer that fits in one chunk is sent as jsonResponse would, with its length.
 * When a chunk cannot be had, `breakOff` must log it and end the connection, so that the client
 * sees a broken answer, never a short list that looks whole (and no detail of the fault).
 */
export async function streamedJsonResponse(options: {
  chunks: AsyncGenerator<Uint8Array>;
  acceptEncoding?: string;
  breakOff(error: unknown): void;
}): Promise<Response> {
  const { chunks } = options;
  const first = await chunks.next();
  const second = first.done ? first : await chunks.next();
  if (second.done) {
    const bytes = first.done ? new Uint8Array() : first.value;
    return jsonTextResponse(Buffer.from(bytes).toString('utf8'), options.acceptEncoding ?? '');
  }

  async function* passOn(): AsyncGenerator<Uint8Array> {
    try {
      yield first.value as Uint8Array;
      yield second.value as Uint8Array;
      yield* chunks;
    } catch (error) {
      options.breakOff(error);
    }
  }

  const raw = Readable.from(passOn(), { objectMode: false });
  // Ended early (the client went away): tell the source, which lets go of its read.
  raw.once('close', () => void chunks.return(undefined));
  const encoding = encodingFor(options.acceptEncoding ?? '');
  // Each chunk is flushed as it is written: else the compressor held the list's first rows (the
  // first screen of the options page) until it had taken in a few megabytes, 250-650 ms at 20,000
  // links. A chunk is a few hundred kilobytes, so the list stays about as small.
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
        })
      : encoding === 'gzip'
        ? createGzip({ level: 1, flush: constants.Z_SYNC_FLUSH })
        : undefined;
  let body: Readable = raw;
  if (compressor) {
    // pipeline, not pipe: when the client goes away the compressor is destroyed, and only
    // pipeline destroys the source with it. With pipe the source stayed open, and on SQLite the
    // list's statement with it, which held the worker's connection in one read transaction: every
    // later list on that instance came from the moment of the abandoned one.
    pipeline(raw, compressor, () => {});
    body = compressor;
  }
  const headers: Record<string, string> = { ...JSON_HEADERS };
  if (encoding) headers['Content-Encoding'] = encoding;
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { headers });
}
