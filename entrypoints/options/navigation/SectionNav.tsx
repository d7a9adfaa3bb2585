import { SECTIONS, type SectionId } from './sections.ts';

/** The options page's sections as links; the address keeps the one chosen. */
export function SectionNav({ current }: { current: SectionId | undefined }) {
  return (
    <nav className="section-nav" aria-label="Sections">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} aria-current={section.id === current ? 'page' : undefined}>
              {section.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
