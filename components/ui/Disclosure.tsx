import type { ReactNode } from 'react';

/**
 * A button that shows or hides a group of fields under it ("Link options", "UTM parameters"): the
 * button says whether it is open (`aria-expanded`) and which group it controls; the group is
 * named by the button's words, since a fieldset's legend would repeat them.
 */
export function Disclosure({
  id,
  label,
  open,
  onToggle,
  children,
}: {
  /** The group's id. */
  id: string;
  label: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <section className="utm">
      <button
        type="button"
        className="disclosure"
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
      >
        <span className="disclosure-marker" aria-hidden="true" />
        {label}
      </button>
      {open && (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would repeat the button's name.
        <div id={id} role="group" aria-label={label} className="utm-fields">
          {children}
        </div>
      )}
    </section>
  );
}
