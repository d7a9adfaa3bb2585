import type { ReactNode } from 'react';

/**
 * A tag as a chip (its style is tag-chip.css): the name always written, the colour a swatch beside
 * it, never the only sign. A tag the account does not have yet has no colour, so no swatch.
 * `children` come after the name (the popup's "remove" button); `as` is `li` inside a list.
 */
export function TagChip({
  name,
  color,
  as: Element = 'span',
  children,
}: {
  name: string;
  color: string | undefined;
  as?: 'span' | 'li';
  children?: ReactNode;
}) {
  return (
    <Element className="tag-chip" data-tag-color={color}>
      {color && <span className="tag-swatch" aria-hidden="true" />}
      <bdi className="tag-chip-name">{name}</bdi>
      {children}
    </Element>
  );
}
