import './modal.css';
import {
  createContext,
  type ReactNode,
  type RefObject,
  use,
  useEffect,
  useId,
  useRef,
} from 'react';

/** The id of the open modal's heading, which names it. */
const ModalTitleId = createContext<string | undefined>(undefined);

/**
 * A modal <dialog>, open while it is rendered: shown as a modal on mount, it gives the focus to
 * `initialFocus` (else the browser gives it to the first focusable element) and back to what had
 * it before on unmount. Escape asks `onCancel`: the owner closes it by no longer rendering it.
 * Its name is its `ModalTitle`. Its `className` gives its shape: `modal-box` (a box in the middle of
 * the window) or the owner's own.
 */
export function Modal({
  className,
  initialFocus,
  onCancel,
  children,
}: {
  className: string;
  initialFocus?: RefObject<HTMLElement | null>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    initialFocus?.current?.focus();
    return () => opener?.focus();
  }, [initialFocus]);

  return (
    <dialog
      ref={dialog}
      className={`modal ${className}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <ModalTitleId value={titleId}>{children}</ModalTitleId>
    </dialog>
  );
}

/** The heading that names the Modal it is in. */
export function ModalTitle({ children, dir }: { children: ReactNode; dir?: 'auto' }) {
  return (
    <h3 id={use(ModalTitleId)} dir={dir}>
      {children}
    </h3>
  );
}
