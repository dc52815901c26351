import { startTransition, useEffect, useState } from 'react';

/**
 * False on the render that mounts the caller, true once the browser has painted that render. What
 * waits for it (a screen's secondary panels) stays out of the first paint: on a slow phone every
 * Mantine component of a first render delays the text the person came for.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before that frame's paint; a timer set there runs after it. The
    // transition keeps the late render interruptible, so a tap meanwhile is not held up.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
