// How the popup asks for later.ts, the chunk of everything its form does not need to be drawn:
// once the filled form is on screen, so that loading it never competes with drawing the form.
import { type ReactNode, Suspense } from 'react';

export type LaterCode = typeof import('./later.ts');

export const later = (): Promise<LaterCode> => import('./later.ts');

const drawn = Promise.withResolvers<void>();

/** Said by the popup's first effect: passive effects run once the browser has painted the form. */
export const formIsDrawn = () => drawn.resolve();

/** The rest of the popup's code, asked for once the form is drawn. */
export const laterOnceDrawn = () => drawn.promise.then(later);

/** A part of the popup drawn once its code has arrived; nothing in its place before. */
export const Later = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={null}>{children}</Suspense>
);
