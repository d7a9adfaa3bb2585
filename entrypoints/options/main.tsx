import './early-start.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../components/ui/theme.css';
import './options.css';
import { applyDocumentLanguage } from '../../lib/i18n/document-language.ts';
import { App } from './App.tsx';

applyDocumentLanguage();

// biome-ignore lint/style/noNonNullAssertion: index.html always has #root.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
