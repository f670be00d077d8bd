/**
 * A small in-isolate LRU whose entries carry a freshness deadline. On the hot path it
 * saves a KV read for repeat visits; the app purges entries through RPC on every write,
 * and the deadline bounds staleness in the isolates a purge cannot reach.
 */
export interface LruEntry<V> {
  value: V;
  /** epoch ms after which the value should be revalidated */
  freshUntil: number;
}

export class Lru<V> {
  readonly #map = new Map<string, LruEntry<V>>();
  constructor(readonly capacity: number) {}

  /** The entry, fresh or stale (the caller decides), marked as recently used. */
  entry(key: string): LruEntry<V> | undefined {
    const entry = this.#map.get(key);
    if (entry === undefined) return undefined;
    this.#map.delete(key);
    this.#map.set(key, entry);
    return entry;
  }

  /** The value if it is still fresh at `now`. */
  get(key: string, now: number): V | undefined {
    const entry = this.entry(key);
    return entry !== undefined && entry.freshUntil > now ? entry.value : undefined;
  }

  set(key: string, value: V, freshUntil: number): void {
    this.#map.delete(key);
    this.#map.set(key, { value, freshUntil });
    if (this.#map.size > this.capacity) this.#map.delete(this.#map.keys().next().value as string);
  }

  /** Whether the key is held (fresh or stale), without counting it as a use. */
  has(key: string): boolean {
    return this.#map.has(key);
  }

  delete(key: string): void {
    this.#map.delete(key);
  }

  get size(): number {
    return this.#map.size;
  }
}
