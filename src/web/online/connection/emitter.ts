/** Typed listeners by event name: `on` returns the function that removes the listener. */
export class Emitter<Events> {
  private readonly handlers = new Map<keyof Events, Set<(value: never) => void>>();

  on<K extends keyof Events>(event: K, handler: (value: Events[K]) => void): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  emit<K extends keyof Events>(event: K, value: Events[K]): void {
    const set = this.handlers.get(event) as Set<(value: Events[K]) => void> | undefined;
    for (const handler of set ?? []) handler(value);
  }
}
