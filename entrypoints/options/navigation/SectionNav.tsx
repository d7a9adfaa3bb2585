import { t } from '../../../lib/i18n/t.ts';
import { SECTIONS, type SectionId } from './sections.ts';

/** The options page's sections as links; the address keeps the one chosen. */
export function SectionNav({ current }: { current: SectionId | undefined }) {
  return (
    <nav className="section-nav" aria-label={t('sectionsLabel')}>
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} aria-current={section.id === current ? 'page' : undefined}>
              {t(section.name)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
