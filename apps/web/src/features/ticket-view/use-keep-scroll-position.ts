import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Content added above what the user reads must not move it: before the change, note where the
 * first item of the list is; after it, scroll by however far that item moved.
 */
export function useKeepScrollPosition(list: RefObject<HTMLElement | null>) {
  const anchor = useRef<{ element: Element; top: number } | null>(null);

  // After every render: only a render that follows a noted position has anything to do.
  useLayoutEffect(() => {
    const noted = anchor.current;
    anchor.current = null;
    if (!noted?.element.isConnected) return;
    const moved = noted.element.getBoundingClientRect().top - noted.top;
    if (moved !== 0) window.scrollBy(0, moved);
  });

  /** Call right before items are prepended. */
  return () => {
    const element = list.current?.firstElementChild;
    anchor.current = element ? { element, top: element.getBoundingClientRect().top } : null;
  };
}
