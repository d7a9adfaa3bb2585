// First: the settings and the page are asked for while the rest of the code is evaluated.
import './early-start.ts';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import themeCss from '../../components/ui/theme.css?inline';
import { applyTheme } from '../../components/ui/theme.ts';
import { applyDocumentLanguage } from '../../lib/i18n/document-language.ts';
import { currentSettings } from '../../lib/settings/current-settings.ts';
import type { Settings } from '../../lib/settings/settings.ts';
import { App } from './App.tsx';
import { page, storedSettings } from './early-start.ts';
import popupCss from './popup.css?inline';

applyDocumentLanguage();

// The styles come with the script rather than in a stylesheet of their own: an extension page
// runs no script before its stylesheets have arrived, and each file costs it a few milliseconds.
// Those of the parts drawn after the form come with the code that draws them (later-styles.ts).
const styles = document.createElement('style');
styles.textContent = themeCss + popupCss;
document.head.append(styles);

// biome-ignore lint/style/noNonNullAssertion: index.html always has #root.
const root = createRoot(document.getElementById('root')!);
/**
 * The settings as stored, read without zod when they are in today's shape (as the extension
 * writes them); only older or damaged settings wait for the parser and zod, in a chunk of their own.
 */
async function readSettings(stored: unknown): Promise<Settings> {
  return (
    currentSettings(stored) ??
    (await import('../../lib/settings/settings.ts')).parseSettings(stored)
  );
}

// The popup is drawn once the settings and the page are in, filled from its first render, and at
// once, in the task their answers came in: left to React's scheduler, the render waited for a task
// of its own, and the browser often painted the empty page before it (popup-trace.ts).
void Promise.all([storedSettings.then(readSettings), page]).then((start) => {
  applyTheme(start[0].theme);
  flushSync(() =>
    root.render(
      <StrictMode>
        <App start={start} />
      </StrictMode>,
    ),
  );
});
