import { useEffect, useState } from 'react';

const COPIED_FOR_MS = 2_000;

/** "Copy", which says "Copied" for a moment once the text is on the clipboard. */
export function CopyButton({
  text,
  label = 'Copy',
  className,
}: {
  text: string;
  label?: string;
  className?: string;
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
        aria-label={label === 'Copy' ? undefined : label}
      >
        Copy
      </button>
      <span role="status" className="copy-status">
        {state === 'copied'
          ? 'Copied'
          : state === 'failed'
            ? 'Could not copy: select the link and copy it by hand.'
            : ''}
      </span>
    </>
  );
}
