import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Lru } from "../../workers/redirect/src/lru";

const FOREVER = Number.MAX_SAFE_INTEGER;

describe("Lru", () => {
  it("returns what was set while it is fresh", () => {
    const lru = new Lru<string>(2);
    lru.set("a", "A", FOREVER);
    expect(lru.get("a", 0)).toBe("A");
    expect(lru.size).toBe(1);
  });

  it("returns undefined for a key never set", () => {
    const lru = new Lru<string>(2);
    expect(lru.get("a", 0)).toBeUndefined();
    expect(lru.entry("a")).toBeUndefined();
  });

  it("keeps a cached null (a known miss) distinct from absence", () => {
    const lru = new Lru<string | null>(2);
    lru.set("gone", null, FOREVER);
    expect(lru.get("gone", 0)).toBeNull();
    expect(lru.get("never", 0)).toBeUndefined();
  });

  it("evicts the least recently set entry beyond capacity", () => {
    const lru = new Lru<number>(2);
    lru.set("a", 1, FOREVER);
    lru.set("b", 2, FOREVER);
    lru.set("c", 3, FOREVER);
    expect(lru.size).toBe(2);
    expect(lru.get("a", 0)).toBeUndefined();
    expect(lru.get("b", 0)).toBe(2);
    expect(lru.get("c", 0)).toBe(3);
  });

  it("counts a read as a use: the entry read survives, the other is evicted", () => {
    const lru = new Lru<number>(2);
    lru.set("a", 1, FOREVER);
    lru.set("b", 2, FOREVER);
    expect(lru.get("a", 0)).toBe(1);
    lru.set("c", 3, FOREVER);
    expect(lru.get("a", 0)).toBe(1);
    expect(lru.get("b", 0)).toBeUndefined();
  });

  it("counts reading an entry (fresh or stale) as a use", () => {
    const lru = new Lru<number>(2);
    lru.set("a", 1, 10);
    lru.set("b", 2, FOREVER);
    expect(lru.entry("a")).toEqual({ value: 1, freshUntil: 10 });
    lru.set("c", 3, FOREVER);
    expect(lru.entry("a")).toEqual({ value: 1, freshUntil: 10 });
    expect(lru.entry("b")).toBeUndefined();
  });

  it("replaces the value of a key set again, without growing, and counts it as a use", () => {
    const lru = new Lru<number>(2);
    lru.set("a", 1, FOREVER);
    lru.set("b", 2, FOREVER);
    lru.set("a", 10, FOREVER);
    expect(lru.size).toBe(2);
    lru.set("c", 3, FOREVER);
    expect(lru.get("a", 0)).toBe(10);
    expect(lru.get("b", 0)).toBeUndefined();
  });

  it("serves a value until the millisecond before its freshness deadline", () => {
    const lru = new Lru<string>(2);
    lru.set("a", "A", 1000);
    expect(lru.get("a", 999)).toBe("A");
  });

  it("does not serve a value at or after its freshness deadline", () => {
    const lru = new Lru<string>(2);
    lru.set("a", "A", 1000);
    expect(lru.get("a", 1000)).toBeUndefined();
    expect(lru.get("a", 5000)).toBeUndefined();
  });

  it("keeps a stale entry for the caller to revalidate (stale-while-revalidate)", () => {
    const lru = new Lru<string>(2);
    lru.set("a", "A", 1000);
    expect(lru.get("a", 2000)).toBeUndefined();
    expect(lru.entry("a")).toEqual({ value: "A", freshUntil: 1000 });
    expect(lru.size).toBe(1);
  });

  it("makes a stale entry fresh again when it is set anew", () => {
    const lru = new Lru<string>(2);
    lru.set("a", "A", 1000);
    lru.set("a", "A2", 3000);
    expect(lru.get("a", 2000)).toBe("A2");
  });

  it("deletes one entry", () => {
    const lru = new Lru<string>(2);
    lru.set("a", "A", FOREVER);
    lru.set("b", "B", FOREVER);
    lru.delete("a");
    lru.delete("missing");
    expect(lru.size).toBe(1);
    expect(lru.entry("a")).toBeUndefined();
    expect(lru.get("b", 0)).toBe("B");
  });

  it("keeps exactly the most recently used entries up to capacity", () => {
    const lru = new Lru<number>(3);
    for (let i = 0; i < 10; i++) lru.set(`k${i}`, i, FOREVER);
    expect([...Array(10).keys()].map((i) => lru.get(`k${i}`, 0))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      7,
      8,
      9,
    ]);
  });

  it("behaves like a reference model of least-recently-used eviction with freshness, for any sequence of operations", () => {
    type Op =
      | { op: "set"; key: string; value: number; until: number }
      | { op: "get"; key: string; now: number }
      | { op: "entry"; key: string }
      | { op: "delete"; key: string };
    const key = fc.constantFrom("a", "b", "c", "d", "e", "f");
    const time = fc.integer({ min: 0, max: 20 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 4, arbitrary: fc.record({ op: fc.constant("set" as const), key, value: fc.integer(), until: time }) },
      { weight: 4, arbitrary: fc.record({ op: fc.constant("get" as const), key, now: time }) },
      { weight: 2, arbitrary: fc.record({ op: fc.constant("entry" as const), key }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant("delete" as const), key }) },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(op, { maxLength: 60, size: "max" }), (capacity, ops) => {
        const lru = new Lru<number>(capacity);
        // Model: entries ordered from least to most recently used.
        let model: { key: string; value: number; freshUntil: number }[] = [];
        const touch = (k: string) => {
          const found = model.find((e) => e.key === k);
          if (found) model = [...model.filter((e) => e.key !== k), found];
          return found;
        };
        for (const o of ops) {
          if (o.op === "set") {
            lru.set(o.key, o.value, o.until);
            model = model.filter((e) => e.key !== o.key);
            model.push({ key: o.key, value: o.value, freshUntil: o.until });
            if (model.length > capacity) model.shift();
          } else if (o.op === "get") {
            const found = touch(o.key);
            expect(lru.get(o.key, o.now)).toBe(found && found.freshUntil > o.now ? found.value : undefined);
          } else if (o.op === "entry") {
            const found = touch(o.key);
            expect(lru.entry(o.key)).toEqual(found ? { value: found.value, freshUntil: found.freshUntil } : undefined);
          } else {
            lru.delete(o.key);
            model = model.filter((e) => e.key !== o.key);
          }
          expect(lru.size).toBe(model.length);
          expect(lru.size).toBeLessThanOrEqual(capacity);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("never holds more than its capacity, and holds the most recent distinct keys", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 100, size: "max" }),
        (capacity, keys) => {
          const lru = new Lru<string>(capacity);
          for (const k of keys) lru.set(k, k, FOREVER);
          const distinctByRecency = [...new Set([...keys].reverse())];
          expect(lru.size).toBe(Math.min(capacity, distinctByRecency.length));
          for (const [i, k] of distinctByRecency.entries()) expect(lru.get(k, 0)).toBe(i < capacity ? k : undefined);
        },
      ),
      { numRuns: 500 },
    );
  });
});
