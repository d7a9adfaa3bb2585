// How an address is shown to a person. A host that mixes scripts (`аpple.com` with a Cyrillic а)
// or is spelled wholly in look-alike letters is shown in punycode, as browsers' address bars do
// (Chromium's IDN display policy, simplified), so a look-alike never passes for the real site. Any
// other internationalised host is shown in its own letters, even when the service sent punycode.

const PUNYCODE_BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((PUNYCODE_BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (PUNYCODE_BASE - T_MIN));
    k += PUNYCODE_BASE;
  }
  return k + Math.floor(((PUNYCODE_BASE - T_MIN + 1) * scaled) / (scaled + SKEW));
}

function digitOf(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 0x30 && code <= 0x39) return code - 22; // 0-9 are 26-35
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return PUNYCODE_BASE;
}

/** RFC 3492 decoding of one label without its `xn--`; undefined when it is not valid punycode. */
export function decodePunycode(input: string): string | undefined {
  const delimiter = input.lastIndexOf('-');
  const output =
    delimiter > 0 ? [...input.slice(0, delimiter)].map((c) => c.codePointAt(0) ?? 0) : [];
  if (output.some((code) => code >= 0x80)) return undefined;
  let n = 0x80;
  let i = 0;
  let bias = 72;
  for (let position = delimiter > 0 ? delimiter + 1 : 0; position < input.length; ) {
    const oldI = i;
    for (let weight = 1, k = PUNYCODE_BASE; ; k += PUNYCODE_BASE) {
      if (position >= input.length) return undefined;
      const digit = digitOf(input[position++] as string);
      if (digit >= PUNYCODE_BASE) return undefined;
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= PUNYCODE_BASE - threshold;
      if (!Number.isSafeInteger(i) || !Number.isSafeInteger(weight)) return undefined;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Hangul',
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map(
  (name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const,
);

/** Script combinations that are one writing system: Japanese, Chinese and Korean with Latin. */
const ALLOWED_MIXES = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** Cyrillic and Greek letters that look like Latin ones: a label of only these imitates Latin. */
const LATIN_LOOKALIKES = /^[асԁеһіјӏорԛѕԝхуьгпвкмтнαικνορτυχ0-9-]+$/u;

function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of label) {
    if (!/\p{L}/u.test(char)) continue;
    scripts.add(SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'Other');
  }
  return scripts;
}

function isDeceptive(label: string): boolean {
  const scripts = scriptsOf(label);
  if (scripts.size > 1) {
    return !ALLOWED_MIXES.some((allowed) => [...scripts].every((script) => allowed.has(script)));
  }
  return (scripts.has('Cyrillic') || scripts.has('Greek')) && LATIN_LOOKALIKES.test(label);
}

/** A host (lower case, with or without punycode) as it should be shown. */
export function displayHost(host: string): string {
  let ascii: string;
  try {
    ascii = new URL(`http://${host}`).hostname;
  } catch {
    return host;
  }
  // No punycode label: every label is plain ASCII, which no script mix can make deceptive. Most
  // hosts are so, and the options page shows 20,000 of them as a list arrives.
  if (!ascii.includes('xn--')) return ascii;
  const labels = ascii.split('.');
  const unicode = labels.map((label) =>
    label.startsWith('xn--') ? (decodePunycode(label.slice(4)) ?? label) : label,
  );
  return unicode.some(isDeceptive) ? ascii : unicode.join('.');
}

/** A host with or without its port (`bücher.example:8443`), as displayHost shows it, port kept. */
export function displayHostAndPort(hostAndPort: string): string {
  const port = /:\d*$/.exec(hostAndPort)?.[0] ?? '';
  const host = hostAndPort.slice(0, hostAndPort.length - port.length);
  return host.startsWith('[') ? hostAndPort : displayHost(host) + port;
}

/**
 * A web address with its host as `displayHost` shows it and without a user name or password (the
 * address bar leaves them out: `https://sho.rt@evil.example/` is evil.example); anything
 * unparsable as it came.
 */
export function displayUrl(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  if (!url.hostname) return address;
  url.username = '';
  url.password = '';
  const shown = displayHost(url.hostname);
  if (shown === url.hostname) return url.href;
  const start = url.href.indexOf(url.hostname, url.protocol.length);
  return url.href.slice(0, start) + shown + url.href.slice(start + url.hostname.length);
}
