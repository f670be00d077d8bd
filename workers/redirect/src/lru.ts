/**
 * A small in-isolate LRU with per-entry expiry. On the hot path it saves a KV read for
 * repeat visits; the app purges entries through RPC on every write, and the TTL bounds
 * staleness in the isolates a purge cannot reach.
 */
export class Lru<V> {
  readonly #map = new Map<string, { value: V; until: number }>();
  constructor(readonly capacity: number) {}

  get(key: string, now: number): V | undefined {
    const entry = this.#map.get(key);
    if (entry === undefined) return undefined;
    this.#map.delete(key);
    if (entry.until <= now) return undefined;
    this.#map.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, until: number): void {
    this.#map.delete(key);
    this.#map.set(key, { value, until });
    if (this.#map.size > this.capacity) this.#map.delete(this.#map.keys().next().value as string);
  }

  delete(key: string): void {
    this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }
}
