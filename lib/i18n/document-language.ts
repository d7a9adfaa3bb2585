// `<html lang dir>` of an extension page, from the language of the messages it shows: Arabic pages
// read right to left, and screen readers pick their voice by `lang`.
import { t } from './t.ts';

export function applyDocumentLanguage(root: HTMLElement = document.documentElement): void {
  root.lang = t('languageTag') || 'en';
  root.dir = t('textDirection') === 'rtl' ? 'rtl' : 'ltr';
}
