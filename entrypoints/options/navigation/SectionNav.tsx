import { t } from '../../../lib/i18n/t.ts';
import { SECTIONS, type SectionId } from './sections.ts';

/**
 * The options page's sections as links; the address keeps the one chosen. A section of a
 * capability no account's service offers (`hidden`) has no link.
 */
export function SectionNav({
  current,
  hidden = [],
}: {
  current: SectionId | undefined;
  hidden?: readonly SectionId[];
}) {
  return (
    <nav className="section-nav" aria-label={t('sectionsLabel')}>
      <ul>
        {SECTIONS.filter((section) => !hidden.includes(section.id)).map((section) => (
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
