// The page an expired link without an address to go to answers with (410), in the visitor's
// language among the extension's eight (public/_locales), chosen by Accept-Language. The sentences
// are the service's own: it never reads the extension's messages.

/** "This link has expired", by language tag (lower case); `dir` for right-to-left scripts. */
const EXPIRED_SENTENCES: Record<string, { text: string; dir?: 'rtl' }> = {
  en: { text: 'This link has expired' },
  de: { text: 'Dieser Link ist abgelaufen' },
  fr: { text: 'Ce lien a expiré' },
  es: { text: 'Este enlace ha caducado' },
  'pt-br': { text: 'Este link expirou' },
  ja: { text: 'このリンクは有効期限が切れています' },
  'zh-cn': { text: '此链接已过期' },
  ar: { text: 'انتهت صلاحية هذا الرابط', dir: 'rtl' },
};

/** A language's own tag for the ones named by their first part alone (`pt`, `zh`). */
const BY_PRIMARY: Record<string, string> = { pt: 'pt-br', zh: 'zh-cn' };

const LANGUAGE_OF_TAG: Record<string, string> = { 'pt-br': 'pt-BR', 'zh-cn': 'zh-CN' };

const pageOf = (tag: string, sentence: { text: string; dir?: 'rtl' }) => `<!doctype html>
<html lang="${LANGUAGE_OF_TAG[tag] ?? tag}"${sentence.dir ? ` dir="${sentence.dir}"` : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${sentence.text}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1>${sentence.text}</h1></body></html>
`;

/** Made once: a redirect only picks one. */
const PAGES = new Map(
  Object.entries(EXPIRED_SENTENCES).map(([tag, sentence]) => [tag, pageOf(tag, sentence)]),
);

/** The language of the page for an Accept-Language header: its most wanted one we have, else en. */
export function expiredPageLanguage(acceptLanguage: string | undefined): string {
  if (!acceptLanguage) return 'en';
  const wanted = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { range: range.trim().replace('_', '-'), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of wanted) {
    if (PAGES.has(range)) return range;
    const primary = range.split('-')[0] ?? '';
    const tag = BY_PRIMARY[primary] ?? primary;
    if (PAGES.has(tag)) return tag;
  }
  return 'en';
}

/** The 410 page's HTML for an Accept-Language header. */
export function expiredPage(acceptLanguage: string | undefined): string {
  return PAGES.get(expiredPageLanguage(acceptLanguage)) as string;
}
