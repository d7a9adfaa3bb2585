// The service's log: JSON lines with level, time, msg and the request id; no keys, no full
// destinations; a client that goes away is not an error.
// SQLite only: the log is written alike whichever engine stores the data.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { createStructuredLogger, scrub } from './structured-log.ts';

let t: TestService | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
});

type Line = Record<string, unknown> & { level: string; time: string; msg: string };

function capturedLogger() {
  const text: string[] = [];
  const logger = createStructuredLogger({
    format: 'json',
    stream: { write: (chunk: string) => void text.push(chunk) },
  });
  const lines = () =>
    text
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
  return { logger, lines, text: () => text.join('') };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('the JSON log', () => {
  it('writes one object a line per API request, with level, time, msg and the request id it answers in X-Request-Id', async () => {
    const { logger, lines, text } = capturedLogger();
    t = await startTestService({ logger });
    const key = await t.createAccount('log@example.com');
    const created = await api(t.baseUrl, key).create({
      destination_url: 'https://example.com/private/path?token=s3cret',
    });
    expect(created.status).toBe(200);
    const id = created.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await fetch(`${t.baseUrl}/v1/health/ready`);
    await settle();

    const all = lines();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      level: 'info',
      msg: 'POST /v1/links 200',
      request_id: id,
      method: 'POST',
      path: '/v1/links',
      status: 200,
    });
    expect(Date.parse(all[0]?.time ?? '')).not.toBeNaN();
    expect(text()).not.toContain(key);
  });

  it('keeps a plain request id given by a proxy, and replaces one that is not plain', async () => {
    t = await startTestService();
    const given = await fetch(`${t.baseUrl}/v1/links`, { headers: { 'X-Request-Id': 'caddy-42' } });
    expect(given.headers.get('x-request-id')).toBe('caddy-42');
    const odd = await fetch(`${t.baseUrl}/v1/links`, { headers: { 'X-Request-Id': 'a b<c>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names only the origin of a URL and never a key in an error line, nor the fields a driver adds', () => {
    const { logger, lines } = capturedLogger();
    const error = Object.assign(
      new Error('insert of https://example.com/private/path?token=s3cret failed'),
      { parameters: ['https://example.com/private/path?token=s3cret', 'slk_abcdef'] },
    );
    logger.error(
      'Saving https://example.com/private?q=1 with slk_abcdefABCDEF012345 failed',
      error,
    );
    const [line] = lines();
    expect(line?.level).toBe('error');
    expect(line?.msg).toBe('Saving https://example.com/… with slk_… failed');
    expect(JSON.stringify(line)).not.toMatch(/private|s3cret|slk_a/);
    expect(line?.error).toMatchObject({
      type: 'Error',
      message: 'insert of https://example.com/… failed',
    });
  });

  it('never writes a key sent in a path, percent-encoded or not, or as the request id', async () => {
    const { logger, text } = capturedLogger();
    t = await startTestService({ logger });
    const key = await t.createAccount('leak@example.com');
    const secret = key.slice('slk_'.length);
    const headers = { Authorization: `Bearer ${key}` };
    await fetch(`${t.baseUrl}/v1/links/${key}`, { headers });
    await fetch(`${t.baseUrl}/v1/links/localhost/slk%5F${secret}`, { headers });
    await fetch(`${t.baseUrl}/v1/links/%73lk_${secret.slice(0, 5)}%2D${secret.slice(6)}`, {
      headers,
    });
    const asId = await fetch(`${t.baseUrl}/v1/links`, {
      headers: { ...headers, 'X-Request-Id': key },
    });
    const insideId = await fetch(`${t.baseUrl}/v1/links`, {
      headers: { ...headers, 'X-Request-Id': `req_${key}` },
    });
    expect(asId.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(insideId.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await settle();
    expect(text().match(/"msg"/g)).toHaveLength(5);
    expect(text()).not.toContain(secret.slice(6));
    expect(text()).toContain('"path":"/v1/links/slk_…"');
  });

  it('creates its log file readable by its owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-log-'));
    try {
      const file = path.join(dir, 'logs', 'service.log');
      const logger = createStructuredLogger({ format: 'json', file });
      logger.info('started');
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('scrubs every URL in a text to its origin', () => {
    expect(scrub('a http://x.example:8080/p?q b https://y.example c')).toBe(
      'a http://x.example:8080/… b https://y.example/… c',
    );
  });

  it('counts a client that goes away in the middle of its request as no error', async () => {
    const { logger, lines, text } = capturedLogger();
    t = await startTestService({ logger });
    const key = await t.createAccount('gone@example.com');
    const { port } = new URL(t.baseUrl);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /v1/links HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"destination_url":`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    await settle();
    expect(text()).not.toMatch(/"level":"error"|aborted/);
    expect(lines()).toMatchObject([
      { level: 'warn', msg: 'POST /v1/links client went away', path: '/v1/links' },
    ]);
  });
});
