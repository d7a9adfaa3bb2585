import type { SaveStatus as Status } from './use-save-status.ts';

/**
 * A polite live region, not role="status": the page has several sections, each with its own, and
 * tests and screen readers find a section's status by that role.
 */
export function SaveStatus({ status }: { status: Status }) {
  return (
    <p className={`save-status ${status?.tone ?? ''}`} aria-live="polite" aria-atomic="true">
      {status?.message}
    </p>
  );
}
