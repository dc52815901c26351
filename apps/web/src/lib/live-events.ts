/**
 * Live updates in the screens (DESIGN.md §15): the signed-in layout keeps the tab's one stream
 * open, and each screen listens for the events it cares about and refetches what they touch. The
 * stream itself (`event-stream.ts`) loads in its own chunk, after the screen.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@switchboard/shared';
import { useEffect, useRef } from 'react';

type LiveEventListener = (event: LiveEvent) => void;

const listeners = new Set<LiveEventListener>();

/** Hands an event to every screen listening; exported for tests. */
export function publishLiveEvent(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}

/** Calls `listener` (its latest version) for every event while the component is mounted. */
export function useLiveEvents(listener: LiveEventListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const relay: LiveEventListener = (event) => latest.current(event);
    listeners.add(relay);
    return () => {
      listeners.delete(relay);
    };
  }, []);
}

/**
 * Keeps the stream open while the user is signed in. After a break every ticket query is refetched
 * (all of them live under 'tickets'), since the events of the break were not heard.
 */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let unmounted = false;
    void import('./event-stream.ts').then(({ startEventStream }) => {
      if (unmounted) return;
      stop = startEventStream({
        onEvent: publishLiveEvent,
        onReconnect: () => void client.invalidateQueries({ queryKey: ['tickets'] }),
      });
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [client]);
}
