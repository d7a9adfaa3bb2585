import { useEffect } from 'react';
import { Brand } from '../../components/Brand.tsx';
import { applyTheme } from '../../components/theme.ts';
import { ConnectionSection } from './connection/ConnectionSection.tsx';
import { DomainsSection } from './domains/DomainsSection.tsx';
import { LinksSection } from './links/LinksSection.tsx';
import { PreferencesSection } from './preferences/PreferencesSection.tsx';
import { useSettings } from './use-settings.ts';

export function App() {
  const state = useSettings();
  const theme = state.status === 'ready' ? state.settings.theme : undefined;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);

  return (
    <div className="options-page">
      <header className="options-header">
        <Brand size={28}>Short Link options</Brand>
      </header>
      <main>
        {state.status === 'failed' && (
          <p className="notice error" role="alert">
            The settings could not be read: {state.message} Reload the page to try again.
          </p>
        )}
        {state.status === 'ready' && <ConnectionSection settings={state.settings} />}
        {state.status === 'ready' && <LinksSection settings={state.settings} />}
        {state.status === 'ready' && <DomainsSection settings={state.settings} />}
        {state.status === 'ready' && <PreferencesSection settings={state.settings} />}
      </main>
    </div>
  );
}
