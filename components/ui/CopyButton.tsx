import {
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { writeClipboard } from '../../lib/browser/page-clipboard.ts';
import { t } from '../../lib/i18n/t.ts';
import type { ClipboardContent } from '../../lib/links/copy-formats.ts';

const COPIED_FOR_MS = 2_000;

/**
 * "Copy", which says "Copied" for a moment once the text is on the clipboard. When the browser
 * refuses the clipboard, the text is shown selected in a box, to copy by hand. With an `icon` the
 * button shows the icon alone (its accessible name stays the label) and the status floats beside
 * it (see `.copy-status.floating`), so that nothing around it moves.
 */
export function CopyButton({
  text,
  content = { text },
  label = t('copyButton'),
  className,
  autoFocus,
  icon,
  copyRef,
}: {
  text: string;
  /** What goes on the clipboard, when it is more than `text` (rich text, another format). */
  content?: ClipboardContent;
  label?: string;
  className?: string;
  autoFocus?: boolean;
  icon?: ReactNode;
  /** The button's copy, for a caller that copies without a click (the Links keyboard's Enter). */
  copyRef?: Ref<() => Promise<void>>;
}) {
  // What was copied (or failed to be), with the text it was for: a button given another text (a
  // list row now showing another link) is idle again at once, without being built anew.
  const [outcome, setOutcome] = useState<{ state: 'copied' | 'failed'; text: string }>();
  const state = outcome?.text === content.text ? outcome.state : 'idle';
  const byHand = useRef<HTMLTextAreaElement>(null);
  const byHandId = useId();
  const button = useRef<HTMLButtonElement>(null);

  // The popup's first action takes the focus, so Enter does it at once.
  useEffect(() => {
    if (autoFocus) button.current?.focus();
  }, [autoFocus]);

  useEffect(() => {
    if (outcome?.state !== 'copied') return;
    const timer = setTimeout(() => setOutcome(undefined), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  useEffect(() => {
    if (state !== 'failed') return;
    byHand.current?.focus();
    byHand.current?.select();
  }, [state]);

  const copy = async () => {
    try {
      await writeClipboard(content);
      setOutcome({ state: 'copied', text: content.text });
    } catch {
      setOutcome({ state: 'failed', text: content.text });
    }
  };

  useImperativeHandle(copyRef, () => copy);

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={copy}
        ref={button}
        aria-label={icon ? label : undefined}
        title={icon ? label : undefined}
      >
        {icon ?? label}
      </button>
      <span role="status" className={icon ? 'copy-status floating' : 'copy-status'}>
        {state === 'copied' ? t('copyDone') : ''}
      </span>
      {state === 'failed' && (
        <div className="copy-by-hand">
          <label htmlFor={byHandId}>{t('copyByHand')}</label>
          <textarea
            id={byHandId}
            ref={byHand}
            readOnly
            dir="auto"
            rows={Math.min(3, content.text.split('\n').length)}
            value={content.text}
            onFocus={(event) => event.target.select()}
          />
        </div>
      )}
    </>
  );
}
