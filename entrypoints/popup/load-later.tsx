// How the popup asks for later.ts, the chunk of everything its form does not need to be drawn:
// once the filled form is on screen, so that loading it never competes with drawing the form.
import { type ReactNode, Suspense } from 'react';

export type LaterCode = typeof import('./later.ts');

export const later = (): Promise<LaterCode> => import('./later.ts');

const drawn = Promise.withResolvers<void>();

/**
 * Said by the popup's first effect, which runs as the form is committed (main.tsx draws it at
 * once, and React runs that render's effects before the browser paints): `then` and the rest of
 * the code wait for the frame that paints the form. A page the browser does not show (a tab in
 * the background) paints no frame: then they wait a tenth of a second.
 */
export function formIsDrawn(then: () => void): void {
  void drawn.promise.then(then);
  // A frame's callbacks run before it is painted; a task they post runs after.
  requestAnimationFrame(() => setTimeout(drawn.resolve));
  setTimeout(drawn.resolve, 100);
}

/** The rest of the popup's code, asked for once the form is drawn. */
export const laterOnceDrawn = () => drawn.promise.then(later);

/** A part of the popup drawn once its code has arrived; nothing in its place before. */
export const Later = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={null}>{children}</Suspense>
);
