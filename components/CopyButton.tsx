import { type ReactNode, useEffect, useState } from 'react';

const COPIED_FOR_MS = 2_000;

/**
 * "Copy", which says "Copied" for a moment once the text is on the clipboard. With an `icon` the
 * button shows the icon alone (its accessible name stays the label) and the status floats beside it
 * (see `.copy-status.floating`), so that nothing around it moves.
 */
export function CopyButton({
  text,
  label = 'Copy',
  className,
  icon,
}: {
  text: string;
  label?: string;
  className?: string;
  icon?: ReactNode;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={copy}
        aria-label={icon || label !== 'Copy' ? label : undefined}
        title={icon ? label : undefined}
      >
        {icon ?? 'Copy'}
      </button>
      <span role="status" className={icon ? 'copy-status floating' : 'copy-status'}>
        {state === 'copied'
          ? 'Copied'
          : state === 'failed'
            ? icon
              ? 'Could not copy'
              : 'Could not copy: select the link and copy it by hand.'
            : ''}
      </span>
    </>
  );
}
