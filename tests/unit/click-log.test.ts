import { describe, expect, it } from "vitest";
import type { ClickLogRow } from "../../db/analytics.server";
import { HOUR_MS } from "../../domain/analytics";
import { clickLogStream } from "../../app/lib/click-log.server";

/** A log of `hours` hourly rows, read as D1 would: after an hour, up to a limit. Counts the reads. */
function fakeLog(hours: number) {
  const rows: ClickLogRow[] = Array.from({ length: hours }, (_, i) => ({ hour: 480_000 + i, clicks: i + 1, uniques: 1, botClicks: i % 2 }));
  const reads: number[] = [];
  const readPage = async (after: number, limit: number) => {
    reads.push(after);
    return rows.filter((row) => row.hour > after).slice(0, limit);
  };
  return { rows, reads, readPage };
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("the click log CSV", () => {
  it("has a header and one line per hour, oldest first, in ISO UTC", async () => {
    const { readPage } = fakeLog(3);
    const csv = await text(clickLogStream(readPage, 0, 10));
    expect(csv.split("\r\n")).toEqual([
      "hour_start_utc,clicks,unique_visitors,bot_clicks",
      `${new Date(480_000 * HOUR_MS).toISOString()},1,1,0`,
      `${new Date(480_001 * HOUR_MS).toISOString()},2,1,1`,
      `${new Date(480_002 * HOUR_MS).toISOString()},3,1,0`,
      "",
    ]);
  });

  it("reads page after page from the last hour sent, only as the reader pulls", async () => {
    const { readPage, reads } = fakeLog(25);
    const stream = clickLogStream(readPage, 0, 10);
    const reader = stream.getReader();
    await reader.read(); // the header: nothing read yet
    expect(reads).toEqual([]);
    await reader.read();
    expect(reads).toEqual([0]);
    await reader.read();
    expect(reads).toEqual([0, 480_009]);
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      lines += new TextDecoder().decode(value).split("\r\n").length - 1;
    }
    expect(lines).toBe(5);
    expect(reads).toEqual([0, 480_009, 480_019]);
  });

  it("an empty log is the header alone", async () => {
    const { readPage } = fakeLog(0);
    expect(await text(clickLogStream(readPage, 0, 10))).toBe("hour_start_utc,clicks,unique_visitors,bot_clicks\r\n");
  });
});
