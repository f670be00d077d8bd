import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLICK_MESSAGE_BUDGET,
  CLICKS_PER_MESSAGE,
  clickWeight,
  isClickBatchMessage,
  type ClickBatchMessage,
  type ClickEvent,
} from "../../domain/events";
import { SEND_BATCH_BUDGET, SEND_BATCH_MAX_MESSAGES, groupMessages, packClicks } from "../../workers/redirect/src/click-batcher";
import { clickEvent, headerChar, heaviestClick } from "./click-arbitraries";

/** Cloudflare Queues limits: one message at most 128 KB, one sendBatch at most 256 KB. */
const QUEUE_MESSAGE_MAX_BYTES = 128 * 1024;
const QUEUE_BATCH_MAX_BYTES = 256 * 1024;

const weightOf = (clicks: readonly ClickEvent[]) => clicks.reduce((sum, c) => sum + clickWeight(c), 0);
const messageWeight = (m: ClickBatchMessage) => weightOf(m.payload.clicks);
const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

function tinyClicks(n: number): ClickEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    payload: { linkId: "l1", at: i, country: null, referrer: null, userAgent: null, acceptLanguage: null, ip: null },
  }));
}

function toMessage(clicks: ClickEvent[], id: string = crypto.randomUUID()): ClickBatchMessage {
  return { type: "clicks", v: 1, id, payload: { clicks } };
}

describe("packClicks", () => {
  it("packs nothing into no messages", () => {
    expect(packClicks([])).toEqual([]);
  });

  it("packs one click into one well-formed message", () => {
    const [c] = tinyClicks(1);
    const messages = packClicks([c!]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ type: "clicks", v: 1, payload: { clicks: [c] } });
    expect(messages[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(isClickBatchMessage(messages[0])).toBe(true);
  });

  it("starts a new message after 100 clicks", () => {
    const messages = packClicks(tinyClicks(250));
    expect(messages.map((m) => m.payload.clicks.length)).toEqual([100, 100, 50]);
  });

  it("fits exactly 100 light clicks in one message", () => {
    expect(packClicks(tinyClicks(100))).toHaveLength(1);
  });

  it("starts a new message before the weight budget is exceeded", () => {
    const heavy = Array.from({ length: 60 }, (_, i) => heaviestClick(i));
    const perMessage = Math.floor(CLICK_MESSAGE_BUDGET / clickWeight(heavy[0]!)); // 50 clicks of 1888
    const messages = packClicks(heavy);
    expect(messages.map((m) => m.payload.clicks.length)).toEqual([perMessage, heavy.length - perMessage]);
    for (const m of messages) expect(messageWeight(m)).toBeLessThanOrEqual(CLICK_MESSAGE_BUDGET);
  });

  it("gives every message its own id", () => {
    const ids = packClicks(tinyClicks(1000)).map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps each message within 100 clicks and the weight budget, and every click exactly once, in order", () => {
    fc.assert(
      fc.property(fc.array(clickEvent(), { maxLength: 400, size: "max" }), (clicks) => {
        const messages = packClicks(clicks);
        for (const m of messages) {
          expect(m.payload.clicks.length).toBeGreaterThan(0);
          expect(m.payload.clicks.length).toBeLessThanOrEqual(CLICKS_PER_MESSAGE);
          expect(messageWeight(m)).toBeLessThanOrEqual(CLICK_MESSAGE_BUDGET);
          expect(m.type).toBe("clicks");
          expect(m.v).toBe(1);
        }
        const flat = messages.flatMap((m) => m.payload.clicks);
        expect(flat).toHaveLength(clicks.length);
        flat.forEach((c, i) => expect(c).toBe(clicks[i]));
        expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
      }),
      { numRuns: 500 },
    );
  });

  it("fills each message before starting the next (no early split)", () => {
    fc.assert(
      fc.property(fc.array(clickEvent(), { maxLength: 400, size: "max" }), (clicks) => {
        const messages = packClicks(clicks);
        for (let i = 0; i + 1 < messages.length; i++) {
          const m = messages[i]!;
          const next = messages[i + 1]!.payload.clicks[0]!;
          const full = m.payload.clicks.length >= CLICKS_PER_MESSAGE || messageWeight(m) + clickWeight(next) > CLICK_MESSAGE_BUDGET;
          expect(full).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("produces messages that the queue consumer accepts", () => {
    fc.assert(
      fc.property(fc.array(clickEvent(), { maxLength: 150, size: "max" }), (clicks) => {
        for (const m of packClicks(clicks)) expect(isClickBatchMessage(JSON.parse(JSON.stringify(m)))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  /**
   * KNOWN BUG (reported, not fixed here): the budget counts characters of the raw fields, but the
   * queue limit is bytes of serialized JSON. A quote or backslash serializes as two bytes ("\"")
   * and a Latin-1 character as two UTF-8 bytes, so a message full of such clicks exceeds 128 KB.
   */
  it("keeps every packed message within the queue's 128 KB limit once serialized", () => {
    fc.assert(
      fc.property(fc.array(clickEvent(headerChar), { minLength: 1, maxLength: 200, size: "max" }), (clicks) => {
        for (const m of packClicks(clicks)) expect(jsonBytes(m)).toBeLessThanOrEqual(QUEUE_MESSAGE_MAX_BYTES);
      }),
      // Shrinking hundreds of kilobyte-sized clicks takes minutes; the example below is the minimal case.
      { numRuns: 200, endOnFailure: true },
    );
  });

  it("keeps maximal plain-ASCII clicks within 128 KB per message and 256 KB per group once serialized", () => {
    const groups = groupMessages(packClicks(Array.from({ length: 500 }, (_, i) => heaviestClick(i))));
    for (const g of groups) {
      expect(jsonBytes(g.map((body) => ({ body, contentType: "json" })))).toBeLessThanOrEqual(QUEUE_BATCH_MAX_BYTES);
      for (const m of g) expect(jsonBytes(m)).toBeLessThanOrEqual(QUEUE_MESSAGE_MAX_BYTES);
    }
  });

  it("keeps a message of clicks whose headers are full of quotes within 128 KB once serialized", () => {
    const clicks = Array.from({ length: 100 }, (_, i) => heaviestClick(i, '"'));
    const messages = packClicks(clicks);
    for (const m of messages) expect(jsonBytes(m)).toBeLessThanOrEqual(QUEUE_MESSAGE_MAX_BYTES);
  });
});

describe("groupMessages", () => {
  it("groups nothing into no groups", () => {
    expect(groupMessages([])).toEqual([]);
  });

  it("puts at most 100 messages in a group", () => {
    const messages = Array.from({ length: 250 }, (_, i) => toMessage(tinyClicks(1), `m${i}`));
    expect(groupMessages(messages).map((g) => g.length)).toEqual([100, 100, 50]);
  });

  it("starts a new group before the batch budget is exceeded", () => {
    const heavy = packClicks(Array.from({ length: 300 }, (_, i) => heaviestClick(i))); // messages near the 96,000 budget
    const groups = groupMessages(heavy);
    for (const g of groups) expect(g.reduce((sum, m) => sum + messageWeight(m), 0)).toBeLessThanOrEqual(SEND_BATCH_BUDGET);
    expect(groups.length).toBeGreaterThan(1);
    expect(Math.max(...groups.map((g) => g.length))).toBeLessThanOrEqual(2);
  });

  it("keeps each group within 100 messages and the batch budget, and every message exactly once, in order", () => {
    const messages = fc.array(
      fc.array(clickEvent(), { minLength: 1, maxLength: 4 }).map((clicks) => toMessage(clicks)),
      { maxLength: 260, size: "max" },
    );
    fc.assert(
      fc.property(messages, (ms) => {
        const groups = groupMessages(ms);
        for (const g of groups) {
          expect(g.length).toBeGreaterThan(0);
          expect(g.length).toBeLessThanOrEqual(SEND_BATCH_MAX_MESSAGES);
          expect(g.reduce((sum, m) => sum + messageWeight(m), 0)).toBeLessThanOrEqual(SEND_BATCH_BUDGET);
        }
        const flat = groups.flat();
        expect(flat).toHaveLength(ms.length);
        flat.forEach((m, i) => expect(m).toBe(ms[i]));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps packed clicks within every limit end to end, each click exactly once and in order", () => {
    fc.assert(
      fc.property(fc.array(clickEvent(), { maxLength: 1500, size: "max" }), (clicks) => {
        const groups = groupMessages(packClicks(clicks));
        for (const g of groups) {
          expect(g.length).toBeLessThanOrEqual(SEND_BATCH_MAX_MESSAGES);
          expect(g.reduce((sum, m) => sum + messageWeight(m), 0)).toBeLessThanOrEqual(SEND_BATCH_BUDGET);
          for (const m of g) {
            expect(m.payload.clicks.length).toBeLessThanOrEqual(CLICKS_PER_MESSAGE);
            expect(messageWeight(m)).toBeLessThanOrEqual(CLICK_MESSAGE_BUDGET);
          }
        }
        const flat = groups.flat().flatMap((m) => m.payload.clicks);
        expect(flat).toHaveLength(clicks.length);
        flat.forEach((c, i) => expect(c).toBe(clicks[i]));
      }),
      { numRuns: 100 },
    );
  });

  it("groups full messages of light clicks by weight, every click once", () => {
    const groups = groupMessages(packClicks(tinyClicks(25_000)));
    for (const g of groups) {
      expect(g.length).toBeLessThanOrEqual(SEND_BATCH_MAX_MESSAGES);
      expect(g.reduce((sum, m) => sum + messageWeight(m), 0)).toBeLessThanOrEqual(SEND_BATCH_BUDGET);
    }
    expect(groups.flat().flatMap((m) => m.payload.clicks)).toHaveLength(25_000);
  });

  it("keeps every group of packed messages within the queue's 256 KB sendBatch limit once serialized", () => {
    fc.assert(
      fc.property(fc.array(clickEvent(headerChar), { minLength: 1, maxLength: 300, size: "max" }), (clicks) => {
        for (const g of groupMessages(packClicks(clicks))) {
          expect(jsonBytes(g.map((body) => ({ body, contentType: "json" })))).toBeLessThanOrEqual(QUEUE_BATCH_MAX_BYTES);
        }
      }),
      { numRuns: 100, endOnFailure: true },
    );
  });
});
