/**
 * Lets a write wake the outbox workers of this process instead of leaving its message to the next
 * poll. The writer is still inside its transaction, so a worker looks shortly after, and once more
 * a little later in case the commit took longer (the poll catches anything slower still). One bell
 * per app, made by app.ts and handed to the writers (TellSettings) and to the worker.
 */
type Waker = () => void;

export interface OutboxBell {
  /** Wakes every worker listening. */
  ring(): void;
  /** Calls `waker` on each ring until the returned function is called. */
  listen(waker: Waker): () => void;
}

export function createOutboxBell(): OutboxBell {
  const wakers = new Set<Waker>();
  return {
    ring() {
      for (const waker of wakers) waker();
    },
    listen(waker) {
      wakers.add(waker);
      return () => void wakers.delete(waker);
    },
  };
}
