/**
 * The click log as CSV (download_logs, issue 20; docs/decisions/038): one line per hour with
 * clicks, read from the hourly rollup a page at a time as the client reads, so memory stays
 * constant however long the log is.
 */
import type { ClickLogRow } from "../../db/analytics.server";
import { HOUR_MS } from "../../domain/analytics";
import { csvLine } from "../../domain/bulk";

export const CLICK_LOG_HEADER = ["hour_start_utc", "clicks", "unique_visitors", "bot_clicks"] as const;

/** Rows read from D1 per pull. */
export const CLICK_LOG_PAGE_ROWS = 500;

/**
 * A stream of the CSV: the header, then every page `readPage` returns after the last hour of the
 * previous one, until a page comes back short. Each pull reads one page.
 */
export function clickLogStream(
  readPage: (afterHour: number, limit: number) => Promise<ClickLogRow[]>,
  afterHour: number,
  pageRows = CLICK_LOG_PAGE_ROWS,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = afterHour;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`${csvLine([...CLICK_LOG_HEADER])}\r\n`));
          return;
        }
        const rows = await readPage(cursor, pageRows);
        if (rows.length > 0) {
          cursor = rows[rows.length - 1]!.hour;
          const text = rows
            .map(
              (row) =>
                `${csvLine([new Date(row.hour * HOUR_MS).toISOString(), String(row.clicks), String(row.uniques), String(row.botClicks)])}\r\n`,
            )
            .join("");
          controller.enqueue(encoder.encode(text));
        }
        if (rows.length < pageRows) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
