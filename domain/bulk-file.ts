/**
 * Bulk files (spec 02 §5, §9): csv, xls, xlsx or ods, at most 10MB. The type is checked by the
 * extension and by the bytes (a CSV is text, an xlsx or ods is a ZIP, an xls an OLE2 compound
 * file); a ZIP's central directory is read before the spreadsheet library sees it, so a file
 * with thousands of entries or a huge uncompressed size (a ZIP bomb) is refused cheaply.
 * Parsing (SheetJS, the fixed @e965/xlsx build) reads the first sheet only, at most
 * BULK_MAX_ROWS + 1 rows. Pure: bytes in, rows out, no I/O.
 */
import * as XLSX from "@e965/xlsx";
import {
  BULK_FILE_MESSAGES,
  BULK_MAX_BYTES,
  BULK_MAX_ROWS,
  BULK_ZIP_MAX_ENTRIES,
  BULK_ZIP_MAX_UNCOMPRESSED,
  formatOfName,
  type BulkFormat,
  type SheetRow,
} from "./bulk";

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/** Text as a CSV is: no NUL bytes, and valid UTF-8, in the first 64 KB. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 64 * 1024);
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the 64 KB boundary is not an error: stream mode.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: head.length < bytes.length });
    return true;
  } catch {
    return false;
  }
}

/** The file's format when its name and its bytes agree on one of the accepted types; null otherwise. */
export function sniffBulkFormat(name: string, bytes: Uint8Array): BulkFormat | null {
  const format = formatOfName(name);
  if (format === null) return null;
  if (format === "csv") return looksLikeText(bytes) ? "csv" : null;
  if (format === "xls") return startsWith(bytes, OLE2) ? "xls" : null;
  return startsWith(bytes, ZIP_LOCAL) ? format : null;
}

/**
 * Reads a ZIP's end-of-central-directory record and walks the central directory: the number of
 * entries and their total uncompressed size, or null when it is not a well-formed ZIP.
 */
export function zipStats(bytes: Uint8Array): { entries: number; uncompressed: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The EOCD record is 22 bytes plus a comment of up to 65,535 bytes, at the end.
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  let uncompressed = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    uncompressed += view.getUint32(offset + 24, true);
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return { entries, uncompressed };
}

export type SheetResult = { ok: true; rows: SheetRow[] } | { ok: false; message: string };

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  return String(value).trim();
}

/**
 * The first sheet's non-blank rows (header included), capped at `maxRows` + 1 rows so a file over
 * the cap is told apart without reading all of it. Refuses ZIPs over the entry caps.
 */
export function readSheet(bytes: Uint8Array, format: BulkFormat, maxRows = BULK_MAX_ROWS): SheetResult {
  if (bytes.length > BULK_MAX_BYTES) return { ok: false, message: BULK_FILE_MESSAGES.max };
  if (format === "xlsx" || format === "ods") {
    const stats = zipStats(bytes);
    if (!stats || stats.entries > BULK_ZIP_MAX_ENTRIES || stats.uncompressed > BULK_ZIP_MAX_UNCOMPRESSED)
      return { ok: false, message: BULK_FILE_MESSAGES.unreadable };
  }
  // One row more than the cap (plus a header) tells a file over the cap apart.
  const options: XLSX.ParsingOptions = { dense: true, cellDates: true, sheetRows: maxRows + 2, bookVBA: false, cellFormula: false };
  let workbook: XLSX.WorkBook;
  try {
    workbook =
      format === "csv"
        ? // Text as written: no number or date guessing (a URL stays a URL).
          XLSX.read(new TextDecoder().decode(bytes).replace(/^\ufeff/, ""), { ...options, type: "string", raw: true })
        : XLSX.read(bytes, { ...options, type: "array" });
  } catch {
    return { ok: false, message: BULK_FILE_MESSAGES.unreadable };
  }
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet || !sheet["!ref"]) return { ok: true, rows: [] };
  const start = XLSX.utils.decode_range(sheet["!ref"]).s.r;
  const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  const rows: SheetRow[] = [];
  raw.forEach((values, index) => {
    const cells = (values ?? []).map(cellText);
    if (cells.some((cell) => cell !== "")) rows.push({ row: start + index + 1, cells });
  });
  return { ok: true, rows };
}
