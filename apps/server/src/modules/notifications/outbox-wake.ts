/**
 * Lets a write wake the outbox workers of this process instead of leaving its message to the next
 * poll. The writer is still inside its transaction, so a worker looks shortly after, and once more
 * a little later in case the commit took longer (the poll catches anything slower still).
 */
type Waker = () => void;

const wakers = new Set<Waker>();

export function onOutboxWake(waker: Waker): () => void {
  wakers.add(waker);
  return () => void wakers.delete(waker);
}

export function wakeOutboxWorkers(): void {
  for (const waker of wakers) waker();
}
