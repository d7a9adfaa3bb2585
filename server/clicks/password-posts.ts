// The answer to a link's password form (POST to the short URL): the body read within a few KB,
// the guess counted per link and client address before it is checked, then checked with scrypt.
// The password is never written anywhere: not logged, not counted, not kept past the check.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress } from '../accounts/auth.ts';
import { addressLimitKey, type RateLimiter } from '../http/rate-limit.ts';
import { verifyPassword } from '../shared/password-hash.ts';
import { sendPasswordPage } from './password-page.ts';

/** A form with one field of at most 128 characters fits many times over. */
export const MAX_PASSWORD_FORM_BYTES = 4 * 1024;

/** Guesses of a link's password from one client address, a minute. */
export const PASSWORD_GUESSES_PER_MINUTE = 5;

const FORM_TYPE = 'application/x-www-form-urlencoded';

function refuse(res: ServerResponse, status: number, sentence: string, close = false): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(sentence),
    'Cache-Control': 'no-store',
    ...(close ? { Connection: 'close' } : {}),
  });
  res.end(sentence);
}

/** The form's body as text, or undefined once it has answered 413 (too large). */
function readForm(req: IncomingMessage, res: ServerResponse): Promise<string | undefined> {
  const tooLarge = () =>
    refuse(
      res,
      413,
      `The form is too large: a password form is at most ${MAX_PASSWORD_FORM_BYTES} bytes.`,
      true,
    );
  if (Number(req.headers['content-length'] ?? 0) > MAX_PASSWORD_FORM_BYTES) {
    tooLarge();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PASSWORD_FORM_BYTES) {
        // Nothing more is read: the connection closes once the refusal is sent.
        req.pause();
        req.removeAllListeners('data');
        tooLarge();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export type PasswordChecks = {
  /**
   * Reads the form posted to a link with a password and checks it. True when it is right, with
   * nothing answered yet (the caller leads on); otherwise it has answered (401, 413, 415, 429).
   */
  unlock(
    req: IncomingMessage,
    res: ServerResponse,
    link: { id: number; passwordHash: string },
  ): Promise<boolean>;
};

export function createPasswordChecks(deps: {
  /** Counts guesses per link and client address (rate-limit.ts: in memory or shared). */
  guesses: RateLimiter;
  trustedProxies: ReadonlySet<string>;
}): PasswordChecks {
  return {
    async unlock(req, res, link) {
      const type = String(req.headers['content-type'] ?? '')
        .split(';', 1)[0]
        ?.trim()
        .toLowerCase();
      if (type !== FORM_TYPE) {
        refuse(res, 415, `Send the password as a form (Content-Type: ${FORM_TYPE}).`, true);
        return false;
      }
      const body = await readForm(req, res);
      if (body === undefined) return false;
      // Only the body counts: a password in the address would be kept in logs and histories.
      const password = new URLSearchParams(body).get('password') ?? '';
      // Counted before it is checked, right or wrong: guesses sent all at once cannot slip past.
      const address = addressLimitKey(clientAddress(req, deps.trustedProxies));
      const wait = await deps.guesses.take(`${link.id}:${address}`);
      const language = req.headers['accept-language'];
      if (wait > 0) {
        sendPasswordPage(res, language, {
          status: 429,
          notice: 'tooMany',
          retryAfterSeconds: wait,
        });
        return false;
      }
      if (await verifyPassword(password, link.passwordHash)) return true;
      sendPasswordPage(res, language, { status: 401, notice: 'wrong' });
      return false;
    },
  };
}
