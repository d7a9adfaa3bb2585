import { type RefObject, useEffect, useRef } from 'react';

/**
 * Opens a <dialog> as modal on mount, focuses `initialFocus` when given (else the browser's first
 * focusable element), and gives focus back to whatever opened it on unmount.
 */
export function useModalDialog(initialFocus?: RefObject<HTMLElement | null>) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    initialFocus?.current?.focus();
    return () => opener?.focus();
  }, [initialFocus]);
  return dialog;
}
