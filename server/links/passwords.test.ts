// Links with a password: `password` on create and update (write-only, `password_protected` in
// every answer), the form a protected link answers with, and what a right or wrong password does.
import { describe, expect, it } from 'vitest';
import {
  backHalfOf,
  expectProblem,
  idOf,
  rawRequest,
  serviceWithAccount,
} from '../../test/support/test-helpers.ts';

const file = serviceWithAccount('passwords@example.com');

async function newLink(body: Record<string, unknown> = {}) {
  const answer = await file.client.create({
    destination_url: 'https://example.com/secret',
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const visit = (shortUrl: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(file.t.baseUrl, `/${backHalfOf(shortUrl)}`, { headers, method });

/** The form's post, as a browser sends it. */
const postPassword = (shortUrl: string, password: string, headers: Record<string, string> = {}) =>
  rawRequest(file.t.baseUrl, `/${backHalfOf(shortUrl)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ password }).toString(),
  });

const storedHashOf = async (shortUrl: string) =>
  (await file.t.storedLinks(file.key)).find((link) => link.backHalf === backHalfOf(shortUrl))
    ?.passwordHash;

describe('the password field', () => {
  it('is taken on create, never answered, and said as password_protected in every answer', async () => {
    const link = await newLink({ password: 'open sesame' });
    expect(link.password_protected).toBe(true);
    expect(link).not.toHaveProperty('password');
    const retrieved = (await file.client.retrieve(idOf(link.short_url))).body;
    const listed = (await file.client.list()).body.links.find(
      (l) => l.short_url === link.short_url,
    );
    const updated = (await file.client.update(idOf(link.short_url), { title: 'Kept' })).body;
    for (const answer of [link, retrieved, listed, updated]) {
      expect(answer).toMatchObject({ password_protected: true });
      const text = JSON.stringify(answer);
      expect(text).not.toContain('open sesame');
      expect(text).not.toContain('scrypt');
    }
    expect(await storedHashOf(link.short_url)).toMatch(/^scrypt\$N=16384,r=8,p=1\$/);
    expect((await newLink()).password_protected).toBe(false);
  });

  it('is set, changed and removed (null) by update', async () => {
    const link = await newLink();
    const set = await file.client.update(idOf(link.short_url), { password: 'first one' });
    expect(set.body).toMatchObject({ password_protected: true });
    expect((await postPassword(link.short_url, 'first one')).status).toBe(302);
    await file.client.update(idOf(link.short_url), { password: 'second one' });
    expect((await postPassword(link.short_url, 'first one')).status).toBe(401);
    expect((await postPassword(link.short_url, 'second one')).status).toBe(302);
    const removed = await file.client.update(idOf(link.short_url), { password: null });
    expect(removed.body).toMatchObject({ password_protected: false });
    expect(await storedHashOf(link.short_url)).toBeNull();
    const answer = await visit(link.short_url);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/secret');
  });

  it('takes 4 and 128 characters (as a person counts them) and any characters', async () => {
    expect((await newLink({ password: '1234' })).password_protected).toBe(true);
    expect((await newLink({ password: '😀'.repeat(128) })).password_protected).toBe(true);
    expect((await newLink({ password: '  é ' })).password_protected).toBe(true);
  });

  const badValues: [string, unknown][] = [
    ['3 characters', 'abc'],
    ['129 characters', 'x'.repeat(129)],
    ['the empty text', ''],
    ['a number', 12345],
  ];

  it.each(badValues)('refuses a password of %s on create, making nothing', async (_, password) => {
    const before = (await file.t.storedLinks(file.key)).length;
    const answer = await file.client.create({ destination_url: 'https://example.com/x', password });
    const problem = expectProblem(answer, 400, 'invalid_field', 'password');
    expect(problem.message).toMatch(/^The password must be/);
    expect((await file.t.storedLinks(file.key)).length).toBe(before);
  });

  it.each(badValues)(
    'refuses a password of %s on update, changing nothing',
    async (_, password) => {
      const link = await newLink({ password: 'the old one' });
      const answer = await file.client.update(idOf(link.short_url), { title: 'Changed', password });
      expectProblem(answer, 400, 'invalid_field', 'password');
      expect((await file.client.retrieve(idOf(link.short_url))).body).toMatchObject({
        title: '',
        password_protected: true,
      });
      expect((await postPassword(link.short_url, 'the old one')).status).toBe(302);
    },
  );
});

describe('a link with a password', () => {
  it('answers 200 with the form and nothing of the link, kept from caches and referrers', async () => {
    const link = await newLink({ password: 'open sesame', title: 'Quarterly numbers' });
    const answer = await visit(link.short_url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const policy = answer.headers['content-security-policy'];
    expect(policy).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'$/,
    );
    expect(answer.body).toContain('<h1>This link is protected</h1>');
    expect(answer.body).toContain('<form method="post"><label for="password">Password</label>');
    expect(answer.body).toContain('<input id="password" name="password" type="password"');
    expect(answer.body).toContain('<button type="submit">Continue</button>');
    expect(answer.body.match(/<input/g)).toHaveLength(1);
    expect(answer.body).not.toContain('example.com');
    expect(answer.body).not.toContain('Quarterly');
    expect(answer.body).not.toMatch(/<script|style="/);
    expect((await file.client.retrieve(idOf(link.short_url))).body.clicks).toBe(0);
  });

  it.each([
    [
      'de-DE,de;q=0.9',
      'de',
      'Dieser Link ist geschützt',
      'Passwort',
      'Weiter',
      'Falsches Passwort',
    ],
    ['fr', 'fr', 'Ce lien est protégé', 'Mot de passe', 'Continuer', 'Mot de passe incorrect'],
    ['es', 'es', 'Este enlace está protegido', 'Contraseña', 'Continuar', 'Contraseña incorrecta'],
    ['pt', 'pt-BR', 'Este link está protegido', 'Senha', 'Continuar', 'Senha incorreta'],
    ['ja', 'ja', 'このリンクは保護されています', 'パスワード', '続行', 'パスワードが違います'],
    ['zh', 'zh-CN', '此链接受保护', '密码', '继续', '密码错误'],
    ['ar', 'ar" dir="rtl', 'هذا الرابط محمي', 'كلمة المرور', 'متابعة', 'كلمة المرور غير صحيحة'],
    ['nl, *', 'en', 'This link is protected', 'Password', 'Continue', 'Wrong password'],
  ])(
    'says it in the visitor language (Accept-Language %s), the wrong password too',
    async (accept, lang, title, label, submit, wrong) => {
      const link = await newLink({ password: 'open sesame' });
      const form = await visit(link.short_url, { 'accept-language': accept });
      expect(form.body).toContain(`<html lang="${lang}">`);
      expect(form.body).toContain(`<h1>${title}</h1>`);
      expect(form.body).toContain(`<label for="password">${label}</label>`);
      expect(form.body).toContain(`<button type="submit">${submit}</button>`);
      const refused = await postPassword(link.short_url, 'guess', { 'accept-language': accept });
      expect(refused.status).toBe(401);
      expect(refused.body).toContain(`<p role="alert">${wrong}</p>`);
    },
  );

  it('leads on with the right password, counting the click as a redirect does, statistics too', async () => {
    const link = await newLink({ password: 'open sesame' });
    const answer = await postPassword(link.short_url, 'open sesame', {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://example.com/secret');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect((await file.client.retrieve(idOf(link.short_url))).body.clicks).toBe(1);
    const stats = await file.client.send<{ stats: { humans: number } }>(
      'GET',
      `/v1/links/${idOf(link.short_url)}/stats`,
    );
    expect(stats.body.stats.humans).toBe(1);
  });

  it('answers a wrong password 401 with the form again, counting nothing', async () => {
    const link = await newLink({ password: 'open sesame' });
    const answer = await postPassword(link.short_url, 'open sesamE');
    expect(answer.status).toBe(401);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.body).toContain('<p role="alert">Wrong password</p>');
    expect(answer.body).toContain('<form method="post">');
    expect(answer.body).not.toContain('example.com');
    expect((await file.client.retrieve(idOf(link.short_url))).body.clicks).toBe(0);
  });

  it('shows bots and HEAD the form, never the destination', async () => {
    const link = await newLink({ password: 'open sesame' });
    const bot = await visit(link.short_url, { 'user-agent': 'Googlebot/2.1' });
    expect(bot.status).toBe(200);
    expect(bot.headers.location).toBeUndefined();
    expect(bot.body).toContain('This link is protected');
    const head = await visit(link.short_url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.location).toBeUndefined();
    expect(head.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(head.body).toBe('');
  });

  it('answers as expired once it has expired, asking for no password', async () => {
    const link = await newLink({
      password: 'open sesame',
      expires_at: new Date(file.t.service.clock.now() + 60_000).toISOString(),
    });
    const gone = await newLink({
      password: 'open sesame',
      max_clicks: 1,
      expired_url: 'https://example.com/over',
    });
    expect((await postPassword(gone.short_url, 'open sesame')).status).toBe(302);
    file.t.advanceClock(60_000);
    const expired = await visit(link.short_url);
    expect(expired.status).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect((await postPassword(link.short_url, 'open sesame')).status).toBe(410);
    const after = await visit(gone.short_url);
    expect(after.status).toBe(302);
    expect(after.headers.location).toBe('https://example.com/over');
    const posted = await postPassword(gone.short_url, 'open sesame');
    expect(posted.headers.location).toBe('https://example.com/over');
  });

  it('takes no form where the link has no password (405), and none for an unknown link (404)', async () => {
    const link = await newLink();
    const answer = await postPassword(link.short_url, 'anything');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    const unknown = await rawRequest(file.t.baseUrl, '/no-such-link', { method: 'GET' });
    const posted = await postPassword(`${file.t.baseUrl}/no-such-link`, 'anything');
    expect(posted.status).toBe(404);
    expect(posted.body).toBe(unknown.body);
  });
});
