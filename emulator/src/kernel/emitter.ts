// A small typed event emitter: each event name has one argument type, listeners are removed by the
// function `on` returns. One per emulator (never module-level), so two emulators in a process hear
// only their own events.

export type Listener<T> = (value: T) => void;

/** `M` maps each event name to the type of the value its listeners get. */
export class Emitter<M extends object> {
  private readonly listeners = new Map<keyof M, Set<Listener<never>>>();

  /** Calls `listener` for every `name` event; returns the function that stops it. */
  on<K extends keyof M>(name: K, listener: Listener<M[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => void set.delete(listener as Listener<never>);
  }

  off<K extends keyof M>(name: K, listener: Listener<M[K]>): void {
    this.listeners.get(name)?.delete(listener as Listener<never>);
  }

  /** Calls `listener` for the next `name` event only. */
  once<K extends keyof M>(name: K, listener: Listener<M[K]>): () => void {
    const off = this.on(name, (value) => {
      off();
      listener(value);
    });
    return off;
  }

  /**
   * Tells every listener, in the order they were added. A listener that throws is reported and
   * skipped: the emulator emits after its own work is done (an event committed, a call recorded),
   * and a subscriber's bug must neither undo that nor keep the other subscribers from hearing it.
   */
  emit<K extends keyof M>(name: K, value: M[K]): void {
    const set = this.listeners.get(name);
    if (!set) return;
    for (const l of [...set]) {
      try {
        (l as Listener<M[K]>)(value);
      } catch (e) {
        console.error(`svc-emulator: a "${String(name)}" listener threw:`, e);
      }
    }
  }

  listenerCount(name: keyof M): number {
    return this.listeners.get(name)?.size ?? 0;
  }
}
