// The page a link with a password answers with: its form, the form again after a wrong password,
// and the page that says to wait after too many. In the visitor's language among the extension's
// eight, chosen as the 410 page chooses it. It names nothing of the link (no destination, title or
// fact), so that it gives away nothing to whoever lacks the password.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { expiredPageLanguage } from './expired-page.ts';

type Sentences = {
  title: string;
  label: string;
  submit: string;
  wrong: string;
  tooMany: string;
  dir?: 'rtl';
};

/** By the language tags of expired-page.ts (lower case). */
const SENTENCES: Record<string, Sentences> = {
  en: {
    title: 'This link is protected',
    label: 'Password',
    submit: 'Continue',
    wrong: 'Wrong password',
    tooMany: 'Too many wrong passwords. Wait a minute, then try again.',
  },
  de: {
    title: 'Dieser Link ist geschützt',
    label: 'Passwort',
    submit: 'Weiter',
    wrong: 'Falsches Passwort',
    tooMany:
      'Zu viele falsche Passwörter. Warten Sie eine Minute und versuchen Sie es dann erneut.',
  },
  fr: {
    title: 'Ce lien est protégé',
    label: 'Mot de passe',
    submit: 'Continuer',
    wrong: 'Mot de passe incorrect',
    tooMany: 'Trop de mots de passe incorrects. Attendez une minute, puis réessayez.',
  },
  es: {
    title: 'Este enlace está protegido',
    label: 'Contraseña',
    submit: 'Continuar',
    wrong: 'Contraseña incorrecta',
    tooMany: 'Demasiadas contraseñas incorrectas. Espera un minuto y vuelve a intentarlo.',
  },
  'pt-br': {
    title: 'Este link está protegido',
    label: 'Senha',
    submit: 'Continuar',
    wrong: 'Senha incorreta',
    tooMany: 'Muitas senhas incorretas. Aguarde um minuto e tente novamente.',
  },
  ja: {
    title: 'このリンクは保護されています',
    label: 'パスワード',
    submit: '続行',
    wrong: 'パスワードが違います',
    tooMany: 'パスワードの誤りが多すぎます。1 分待ってから、もう一度お試しください。',
  },
  'zh-cn': {
    title: '此链接受保护',
    label: '密码',
    submit: '继续',
    wrong: '密码错误',
    tooMany: '密码错误次数过多。请等待一分钟后再试。',
  },
  ar: {
    title: 'هذا الرابط محمي',
    label: 'كلمة المرور',
    submit: 'متابعة',
    wrong: 'كلمة المرور غير صحيحة',
    tooMany: 'محاولات كثيرة بكلمة مرور غير صحيحة. انتظر دقيقة ثم حاول مرة أخرى.',
    dir: 'rtl',
  },
};

const LANGUAGE_OF_TAG: Record<string, string> = { 'pt-br': 'pt-BR', 'zh-cn': 'zh-CN' };

const STYLE =
  ':root{color-scheme:light dark}body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem}label,input,button{display:block;font:inherit;margin-top:.5rem}input{box-sizing:border-box;width:100%;padding:.4rem}button{padding:.4rem 1.2rem}';

/**
 * Nothing may load, run or frame it; its one style is allowed by its hash. Its form may post to
 * this service, and the answer to a right password may lead anywhere http(s): Chromium applies
 * form-action to the redirect that follows a form's post too, so `form-action 'self'` alone would
 * stop every visitor at the destination (seen with Chromium 156). The page holds no address to
 * send a password elsewhere, and no script or markup of anyone else's.
 */
export const PASSWORD_PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self' http: https:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** What the page says above its form. */
export type PasswordNotice = 'none' | 'wrong' | 'tooMany';

const pageOf = (tag: string, words: Sentences, notice: PasswordNotice) => `<!doctype html>
<html lang="${LANGUAGE_OF_TAG[tag] ?? tag}"${words.dir ? ` dir="${words.dir}"` : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>${words.title}</title><style>${STYLE}</style></head>
<body><main><h1>${words.title}</h1>${notice === 'none' ? '' : `<p role="alert">${words[notice]}</p>`}
<form method="post"><label for="password">${words.label}</label>
<input id="password" name="password" type="password" required autocomplete="current-password" autofocus>
<button type="submit">${words.submit}</button></form></main></body></html>
`;

/** Made once: an answer only picks one. */
const PAGES = new Map(
  Object.entries(SENTENCES).flatMap(([tag, words]) =>
    (['none', 'wrong', 'tooMany'] as const).map((notice) => [
      `${tag}/${notice}`,
      pageOf(tag, words, notice),
    ]),
  ),
);

/**
 * Answers with the password page: 200 the form, 401 after a wrong password, 429 after too many
 * (with Retry-After). Never stored by a cache, never sending this address on as a referrer.
 */
export function sendPasswordPage(
  res: ServerResponse,
  acceptLanguage: string | undefined,
  answer: { status: 200 | 401 | 429; notice: PasswordNotice; retryAfterSeconds?: number },
  head = false,
): void {
  const tag = expiredPageLanguage(acceptLanguage);
  const page = PAGES.get(`${tag}/${answer.notice}`) as string;
  res.writeHead(answer.status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(page),
    'Content-Language': LANGUAGE_OF_TAG[tag] ?? tag,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': PASSWORD_PAGE_POLICY,
    'X-Content-Type-Options': 'nosniff',
    ...(answer.retryAfterSeconds ? { 'Retry-After': String(answer.retryAfterSeconds) } : {}),
  });
  res.end(head ? undefined : page);
}
