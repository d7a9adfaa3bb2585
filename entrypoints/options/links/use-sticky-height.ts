import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The header and filters stay at the top of the window: their height, which rows scroll under,
 * and the page's scroll padding, so that focus moved by Tab keeps clear of them.
 */
export function useStickyHeight() {
  const top = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = top.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      const offsetHeight = element.offsetHeight;
      setHeight(offsetHeight);
      document.documentElement.style.scrollPaddingTop = `${offsetHeight}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.documentElement.style.scrollPaddingTop = '';
    };
  }, []);
  return { top, height };
}
