// Firefox in French (its language pack, Debian's firefox-esr-l10n-fr, and the
// `intl.locale.requested` pref): the add-on's options page speaks French.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser } from 'puppeteer-core';
import { bidi, EXTENSION_ORIGIN, launchFirefox, navigate } from './firefox.ts';
import { byRole, textOf } from './page-helpers.ts';

let firefox: Browser;
let unpacked: string;

test.beforeAll(async () => {
  // The built add-on (the archive's contents) with one key taken out of the French messages.
  unpacked = mkdtempSync(path.join(tmpdir(), 'shortlink-fr-'));
  cpSync('.output/firefox-mv3', unpacked, { recursive: true });
  const french = path.join(unpacked, '_locales/fr/messages.json');
  const messages = JSON.parse(readFileSync(french, 'utf8'));
  delete messages.prefTheme;
  writeFileSync(french, JSON.stringify(messages));
  firefox = await launchFirefox({ 'intl.locale.requested': 'fr' });
  await bidi(firefox, 'webExtension.install', { extensionData: { type: 'path', path: unpacked } });
});

test.afterAll(async () => {
  await firefox?.close();
  if (unpacked) rmSync(unpacked, { recursive: true, force: true });
});

test('in a French Firefox the options page speaks French, missing keys in English', async () => {
  const page = await firefox.newPage();
  await navigate(page, `${EXTENSION_ORIGIN}/options.html#preferences`);
  expect(await page.evaluate(() => browser.i18n.getUILanguage())).toMatch(/^fr\b/);
  await expect.poll(() => textOf(page, 'main h2')).toBe('Préférences');
  expect(
    await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
  ).toEqual(['fr', 'ltr']);
  expect(await page.$(byRole('checkbox', 'Supprimer les paramètres de suivi'))).not.toBeNull();
  expect(await page.evaluate(() => document.title)).toBe('Préférences · Options de Short Link');
  // A key French lacks reads in English, as in Chromium: never blank, never the key.
  expect(await textOf(page, 'main legend')).toBe('Theme');
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: 'test-results/screenshots/firefox-options-preferences-fr.png' });
});
