import type { ServerEvent } from '../../../common/api/events';
import type { EventBus, EventListener as Listener } from './bus';

/** The bus of one process: enough for one instance (the embedded mode and the tests). */
export class InProcessBus implements EventBus {
  private readonly listeners = new Map<number, Set<Listener>>();

  publish(memberIds: number | readonly number[], event: ServerEvent, skip?: Listener): void {
    for (const id of typeof memberIds === 'number' ? [memberIds] : memberIds) this.deliver(id, event, skip);
  }

  /** Hands an event to this instance's listeners of one member (also used by the Redis bus). */
  deliver(memberId: number, event: ServerEvent, skip?: Listener): void {
    const set = this.listeners.get(memberId);
    if (!set) return;
    for (const listener of set) {
      if (listener === skip) continue;
      try {
        listener(event);
      } catch {
        // One broken socket must not keep the event from the member's other sockets.
      }
    }
  }

  subscribe(memberId: number, listener: Listener): () => void {
    let set = this.listeners.get(memberId);
    if (!set) {
      set = new Set();
      this.listeners.set(memberId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(memberId) === set) this.listeners.delete(memberId);
    };
  }

  /** Members with at least one listener here (the Redis bus subscribes for exactly these). */
  hasListeners(memberId: number): boolean {
    return this.listeners.has(memberId);
  }

  /** The members with listeners here. */
  members(): IterableIterator<number> {
    return this.listeners.keys();
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
