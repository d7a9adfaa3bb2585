// Renders the extension's logo from its SVG sources with real Chromium:
// - public/icon/<size>.png for the manifest (WXT picks them up by name);
// - scripts/store/: the Chrome Web Store icon and small promo tile (not shipped).
// scripts/logo.svg is the mark; scripts/logo-small.svg is the same mark with thicker strokes
// for 16 and 32 px. Run: node scripts/draw-icons.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { chromiumExecutable } from '../test/support/chromium.ts';

const logo = readFileSync(new URL('logo.svg', import.meta.url), 'utf8');
const logoSmall = readFileSync(new URL('logo-small.svg', import.meta.url), 'utf8');

/**
 * Each size with the transparent margin around the art. The Chrome Web Store and Chrome's own
 * guidance want 128 × 128 with the art in the middle 96 × 96; the toolbar sizes use all their
 * pixels (logo.svg insets its tile by 1/32; logo-small.svg fills the square).
 */
const ICONS: { size: number; padding: number; svg: string }[] = [
  { size: 16, padding: 0, svg: logoSmall },
  { size: 32, padding: 0, svg: logoSmall },
  { size: 48, padding: 0, svg: logo },
  { size: 96, padding: 0, svg: logo },
  { size: 128, padding: 16, svg: logo },
];

function page(body: string): string {
  return `<!doctype html><html><head><style>
    html, body { margin: 0; background: transparent; }
    svg { display: block; flex-shrink: 0; }
  </style></head><body>${body}</body></html>`;
}

function sized(svg: string, px: number): string {
  return svg.replace('width="128" height="128"', `width="${px}" height="${px}"`);
}

async function shoot(tab: Page, width: number, height: number, html: string): Promise<Buffer> {
  await tab.setViewportSize({ width, height });
  await tab.setContent(html);
  return tab.screenshot({ omitBackground: true });
}

/** The small promo tile, 440 × 280: the logo, the name and one line. */
const PROMO = page(`
  <div style="width:440px;height:280px;box-sizing:border-box;padding:0 40px;display:flex;
      align-items:center;gap:28px;background:linear-gradient(160deg,#f6f8ff,#e3eafc);
      font-family:'Inter','Noto Sans','DejaVu Sans',sans-serif;color:#1b1f24">
    ${sized(logo, 104)}
    <div>
      <div style="font-size:38px;font-weight:700;letter-spacing:-0.5px">Short Link</div>
      <div style="margin-top:10px;font-size:18px;line-height:1.35;color:#5b6470">
        One click: this page, shortened and copied.</div>
    </div>
  </div>`);

const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const tab = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { size, padding, svg } of ICONS) {
    const art = size - 2 * padding;
    const html = page(`<div style="padding:${padding}px">${sized(svg, art)}</div>`);
    const png = await shoot(tab, size, size, html);
    writeFileSync(new URL(`../public/icon/${size}.png`, import.meta.url), png);
    if (size === 128) writeFileSync(new URL('store/icon-128.png', import.meta.url), png);
  }
  writeFileSync(
    new URL('store/promo-small-440x280.png', import.meta.url),
    await shoot(tab, 440, 280, PROMO),
  );
} finally {
  await browser.close();
}
