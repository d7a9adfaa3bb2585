import type { ReactNode } from 'react';

/** The page's heading with the logo before it (decorative: the heading says the name). */
export function Brand({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <h1 className="brand">
      <img src="/icon/48.png" alt="" width={size} height={size} />
      {children}
    </h1>
  );
}
