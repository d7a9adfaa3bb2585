// First: the settings and the page are asked for while the rest of the code is evaluated.
import './early-start.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from '../../components/theme.ts';
import { App } from './App.tsx';
import { earlyStart } from './early-start.ts';
import '../../components/theme.css';
import './popup.css';

// biome-ignore lint/style/noNonNullAssertion: index.html always has #root.
const root = createRoot(document.getElementById('root')!);
// The settings and the page were asked for before this module ran (early-start.ts, imported
// first); the popup is drawn once they are in, filled from its first render.
void earlyStart.then((start) => {
  applyTheme(start[0].theme);
  root.render(
    <StrictMode>
      <App start={start} />
    </StrictMode>,
  );
});
