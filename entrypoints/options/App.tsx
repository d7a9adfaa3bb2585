import { lazy, Suspense, useEffect } from 'react';
import { Brand } from '../../components/ui/Brand.tsx';
import { applyTheme } from '../../components/ui/theme.ts';
import { t } from '../../lib/i18n/t.ts';
import { AccountsSection } from './accounts/AccountsSection.tsx';
import { DomainsSection } from './domains/DomainsSection.tsx';
import { LinksSection } from './links/LinksSection.tsx';
import { SectionNav } from './navigation/SectionNav.tsx';
import { SECTIONS, useSection } from './navigation/sections.ts';
import { PreferencesSection } from './preferences/PreferencesSection.tsx';
import { TagsSection } from './tags/TagsSection.tsx';
import { useTagsOffered } from './tags/use-tags-offered.ts';
import { useSettings } from './use-settings.ts';

// The account's statistics and the chart's library load only when the section is shown.
const StatisticsSection = lazy(() => import('./statistics/StatisticsSection.tsx'));

export function App() {
  const state = useSettings();
  const theme = state.status === 'ready' ? state.settings.theme : undefined;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  const accountSetUp =
    state.status === 'loading'
      ? undefined
      : state.status === 'ready' &&
        state.settings.accounts.some((account) => account.apiKey !== '');
  const section = useSection(accountSetUp);
  const tagsOffered = useTagsOffered(state.status === 'ready' ? state.settings : undefined);
  const sectionKey = SECTIONS.find((each) => each.id === section)?.name;
  const sectionName = sectionKey && t(sectionKey);
  useEffect(() => {
    document.title = sectionName ? t('optionsTitleSection', sectionName) : t('optionsTitle');
  }, [sectionName]);

  return (
    <div className="options-page" data-section={section}>
      <header className="options-header">
        <Brand size={28}>{t('optionsTitle')}</Brand>
        <SectionNav current={section} hidden={tagsOffered ? [] : ['tags']} />
      </header>
      <main>
        {state.status === 'failed' && (
          <p className="notice error" role="alert">
            {t('settingsUnreadable', state.message)}
          </p>
        )}
        {state.status === 'ready' && section === 'links' && (
          <LinksSection settings={state.settings} />
        )}
        {state.status === 'ready' && section === 'statistics' && (
          <Suspense fallback={null}>
            <StatisticsSection settings={state.settings} />
          </Suspense>
        )}
        {state.status === 'ready' && section === 'domains' && (
          <DomainsSection settings={state.settings} />
        )}
        {state.status === 'ready' && section === 'tags' && (
          <TagsSection settings={state.settings} />
        )}
        {state.status === 'ready' && section === 'accounts' && (
          <AccountsSection settings={state.settings} />
        )}
        {state.status === 'ready' && section === 'preferences' && (
          <PreferencesSection settings={state.settings} tagsOffered={tagsOffered} />
        )}
      </main>
    </div>
  );
}
