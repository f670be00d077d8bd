/**
 * Bulk files (spec 02 §5, §9): csv, xls, xlsx or ods, at most 10MB. The type is checked by the
 * extension and by the bytes (a CSV is text, an xlsx or ods is a ZIP, an xls an OLE2 compound
 * file): that is all the upload looks at. Reading the rows is the queue consumer's work
 * (docs/decisions/020), with limits that hold whatever the file claims:
 *
 * - xlsx and ods are ZIP archives. Their entries are inflated here, the bytes counted as the
 *   inflater produces them and the inflation stopped past BULK_MAX_INFLATED_BYTES; SheetJS is
 *   handed the inflated entries and never inflates anything itself. The sizes written in the
 *   archive's headers are not used for anything.
 * - A CSV is scanned before SheetJS sees it: a row over BULK_MAX_COLUMNS columns, a cell over
 *   BULK_MAX_CELL_CHARS characters or a file over BULK_MAX_CELLS cells is refused at the first
 *   byte that breaks the limit, without building a sheet.
 * - An ods cell or row repeated (table:number-*-repeated) beyond those limits is refused before
 *   SheetJS copies it; every parsed sheet is then checked against the same limits.
 *
 * Parsing (SheetJS, the fixed @e965/xlsx build) reads the first sheet only, at most
 * BULK_MAX_ROWS + 1 data rows. Pure: bytes in, rows out, no I/O.
 */
import * as XLSX from "@e965/xlsx";
import {
  BULK_FILE_MESSAGES,
  BULK_MAX_BYTES,
  BULK_MAX_CELL_CHARS,
  BULK_MAX_CELLS,
  BULK_MAX_COLUMNS,
  BULK_MAX_INFLATED_BYTES,
  BULK_MAX_ROWS,
  BULK_ZIP_MAX_ENTRIES,
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
 * The upload's count of a CSV's data rows, for the reply's total (spec 02 §3): its lines with
 * something besides separators, quotes and spaces in them, less the header. One pass over the
 * bytes, nothing built; the consumer's parse gives the import's exact total (a quoted cell
 * spanning lines is counted once per line here).
 */
export function countCsvRows(bytes: Uint8Array, withHeader: boolean): number {
  let lines = 0;
  let content = false;
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let i = bom; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x0a || byte === 0x0d) {
      if (content) lines++;
      content = false;
    } else if (!content && ![0x20, 0x09, 0x2c, 0x3b, 0x7c, 0x22].includes(byte)) content = true;
  }
  if (content) lines++;
  return Math.max(0, lines - (withHeader ? 1 : 0));
}

export type SheetResult = { ok: true; rows: SheetRow[] } | { ok: false; message: string };

class Refusal extends Error {}

// ---------------------------------------------------------------------------------------------
// ZIP: the entries, inflated under a byte budget
// ---------------------------------------------------------------------------------------------

/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032 times, so one slice yields at most ~4 MB. */
const INFLATE_SLICE = 4 * 1024;

/** Inflates raw deflate data, counting the output against `budget`; throws a Refusal once it is spent. */
async function inflateRaw(data: Uint8Array, budget: { left: number }): Promise<Uint8Array> {
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const feeding = (async () => {
    for (let at = 0; at < data.length; at += INFLATE_SLICE)
      await writer.write(data.subarray(at, at + INFLATE_SLICE) as Uint8Array<ArrayBuffer>);
    await writer.close();
  })();
  feeding.catch(() => {}); // its failure is the reader's too
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    budget.left -= value.byteLength;
    if (budget.left < 0) {
      await reader.cancel().catch(() => {});
      await writer.abort().catch(() => {});
      throw new Refusal(BULK_FILE_MESSAGES.inflatedTooLarge);
    }
    chunks.push(value);
    size += value.byteLength;
  }
  await feeding;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * A ZIP's entries, inflated. The central directory gives each entry's place in the file and its
 * compressed length (both checked against the file); what each inflates to is counted, all
 * entries together, against BULK_MAX_INFLATED_BYTES. Encrypted entries, methods other than
 * stored and deflate, and malformed archives are unreadable.
 */
export async function inflateZip(bytes: Uint8Array, maxInflated = BULK_MAX_INFLATED_BYTES): Promise<Map<string, Uint8Array>> {
  const unreadable = () => new Refusal(BULK_FILE_MESSAGES.unreadable);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end-of-central-directory record is 22 bytes plus a comment of up to 65,535 bytes, at the end.
  let eocd = -1;
  for (let i = bytes.length - 22, stop = Math.max(0, bytes.length - 22 - 0xffff); i >= stop; i--) {
    if (u32(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = u16(eocd + 10);
  if (count > BULK_ZIP_MAX_ENTRIES) throw unreadable();
  const budget = { left: maxInflated };
  const entries = new Map<string, Uint8Array>();
  let offset = u32(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || u32(offset) !== 0x02014b50) throw unreadable();
    const flags = u16(offset + 8);
    const method = u16(offset + 10);
    const compressed = u32(offset + 20);
    const nameLength = u16(offset + 28);
    const local = u32(offset + 42);
    if (offset + 46 + nameLength > bytes.length) throw unreadable();
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + u16(offset + 30) + u16(offset + 32);
    if (flags & 0x0041) throw unreadable(); // encrypted
    if (local + 30 > bytes.length || u32(local) !== 0x04034b50) throw unreadable();
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + compressed > bytes.length) throw unreadable();
    const data = bytes.subarray(start, start + compressed);
    if (name.endsWith("/")) continue;
    if (method === 0) {
      budget.left -= data.byteLength;
      if (budget.left < 0) throw new Refusal(BULK_FILE_MESSAGES.inflatedTooLarge);
      entries.set(name, data);
    } else if (method === 8) {
      try {
        entries.set(name, await inflateRaw(data, budget));
      } catch (error) {
        throw error instanceof Refusal ? error : unreadable();
      }
    } else throw unreadable();
  }
  return entries;
}

/** SheetJS's reader for an already opened archive (exported by the module, not in its types). */
const parseZip = (XLSX as unknown as { parse_zip(zip: unknown, options: XLSX.ParsingOptions): XLSX.WorkBook }).parse_zip;

/** A workbook from inflated entries: SheetJS gets a container of plain bytes, with nothing left to inflate. */
function workbookFromEntries(entries: Map<string, Uint8Array>, options: XLSX.ParsingOptions): XLSX.WorkBook {
  const container: unknown = XLSX.CFB.utils.cfb_new();
  for (const [name, data] of entries) XLSX.CFB.utils.cfb_add(container, name, data, { unsafe: true });
  return parseZip(container, { ...options, type: "array" });
}

/**
 * An ods cell carries table:number-columns-repeated and its row table:number-rows-repeated:
 * SheetJS copies a cell with content that many times. Refuses repeats that would break the
 * column or cell limits (empty repeated cells and rows, which every ods has, copy nothing).
 */
function checkOdsRepeats(xml: string): void {
  const hasContent = (attributes: string, selfClosing: boolean) =>
    !selfClosing || /office:(?:value|date-value|time-value|boolean-value|string-value)=/.test(attributes);
  for (const row of xml.matchAll(/<table:table-row\b([^>]*?)(\/?)>([\s\S]*?)(?:<\/table:table-row>|$)/g)) {
    if (row[2] === "/") continue;
    const rowRepeat = Number(/table:number-rows-repeated="(\d+)"/.exec(row[1] ?? "")?.[1] ?? "1");
    let columns = 0;
    let cells = 0;
    for (const cell of (row[3] ?? "").matchAll(/<table:(?:covered-)?table-cell\b([^>]*?)(\/?)>/g)) {
      const repeat = Number(/table:number-columns-repeated="(\d+)"/.exec(cell[1] ?? "")?.[1] ?? "1");
      if (!hasContent(cell[1] ?? "", cell[2] === "/")) continue;
      columns += repeat;
      cells += repeat;
      if (columns > BULK_MAX_COLUMNS) throw new Refusal(BULK_FILE_MESSAGES.tooManyColumns);
    }
    if (cells > 0 && cells * Math.min(rowRepeat, BULK_MAX_ROWS + 2) > BULK_MAX_CELLS) throw new Refusal(BULK_FILE_MESSAGES.tooManyCells);
  }
}

// ---------------------------------------------------------------------------------------------
// CSV: a scan before parsing
// ---------------------------------------------------------------------------------------------

const SEPARATORS = [",", "\t", ";", "|"] as const;

/** The separator SheetJS picks: a `sep=` first line, else the most frequent of , tab ; | outside quotes in the first 1,024 characters. */
function csvSeparator(text: string): string {
  const declared = /^sep=(.)\r?\n/.exec(text)?.[1];
  if (declared) return declared;
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text.slice(0, 1024)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (SEPARATORS as readonly string[]).includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  // Ties go to the earlier of , tab ; | (SheetJS's weights).
  let best: string = ",";
  for (const sep of SEPARATORS) if ((counts.get(sep) ?? 0) > (counts.get(best) ?? 0)) best = sep;
  return best;
}

/**
 * Walks the CSV's rows as SheetJS will (quotes, the separator), up to `maxRows` rows, and
 * refuses at the first row over the column limit, cell over the length limit or cell over the
 * file's cell limit: a one-row file of a million columns is refused after 101 of them.
 */
function checkCsvShape(text: string, maxRows: number): void {
  const sep = csvSeparator(text).charCodeAt(0);
  let quoted = false;
  let columns = 1;
  let cell = 0;
  let cells = 0;
  let rows = 0;
  const endCell = () => {
    if (cell > 0 && ++cells > BULK_MAX_CELLS) throw new Refusal(BULK_FILE_MESSAGES.tooManyCells);
    cell = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      if (quoted && text.charCodeAt(i + 1) === 0x22) i++;
      else {
        quoted = !quoted;
        continue;
      }
    } else if (!quoted && c === sep) {
      endCell();
      if (++columns > BULK_MAX_COLUMNS) throw new Refusal(BULK_FILE_MESSAGES.tooManyColumns);
      continue;
    } else if (!quoted && (c === 0x0a || c === 0x0d)) {
      if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
      endCell();
      columns = 1;
      if (++rows >= maxRows) return;
      continue;
    }
    if (++cell > BULK_MAX_CELL_CHARS) throw new Refusal(BULK_FILE_MESSAGES.cellTooLong);
  }
  endCell();
}

// ---------------------------------------------------------------------------------------------
// The sheet
// ---------------------------------------------------------------------------------------------

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  return String(value).trim();
}

async function readWorkbook(bytes: Uint8Array, format: BulkFormat, options: XLSX.ParsingOptions): Promise<XLSX.WorkBook> {
  if (format === "csv") {
    const text = new TextDecoder().decode(bytes).replace(/^\ufeff/, "");
    checkCsvShape(text, options.sheetRows ?? Number.POSITIVE_INFINITY);
    // Text as written: no number or date guessing (a URL stays a URL).
    return XLSX.read(text, { ...options, type: "string", raw: true });
  }
  if (format === "xls") return XLSX.read(bytes, { ...options, type: "array" });
  const entries = await inflateZip(bytes);
  const content = format === "ods" ? entries.get("content.xml") : undefined;
  if (content) checkOdsRepeats(new TextDecoder().decode(content));
  return workbookFromEntries(entries, options);
}

/**
 * The first sheet's non-blank rows (header included), capped at `maxRows` + 1 data rows so a
 * file over the cap is told apart without reading all of it; or the reason the file cannot be
 * imported (the limits above, or unreadable). Never throws.
 */
export async function readSheet(bytes: Uint8Array, format: BulkFormat, maxRows = BULK_MAX_ROWS): Promise<SheetResult> {
  if (bytes.length > BULK_MAX_BYTES) return { ok: false, message: BULK_FILE_MESSAGES.max };
  // One row more than the cap (plus a header) tells a file over the cap apart.
  const options: XLSX.ParsingOptions = { dense: true, cellDates: true, sheetRows: maxRows + 2, bookVBA: false, cellFormula: false };
  try {
    const workbook = await readWorkbook(bytes, format, options);
    const name = workbook.SheetNames[0];
    const sheet = name === undefined ? undefined : workbook.Sheets[name];
    if (!sheet || !sheet["!ref"]) return { ok: true, rows: [] };
    const range = XLSX.utils.decode_range(sheet["!ref"]);
    if (range.e.c - range.s.c + 1 > BULK_MAX_COLUMNS) return { ok: false, message: BULK_FILE_MESSAGES.tooManyColumns };
    const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
    const rows: SheetRow[] = [];
    let cellCount = 0;
    for (const [index, values] of raw.entries()) {
      const cells = (values ?? []).map(cellText);
      for (const cell of cells) {
        if (cell === "") continue;
        if (cell.length > BULK_MAX_CELL_CHARS) return { ok: false, message: BULK_FILE_MESSAGES.cellTooLong };
        if (++cellCount > BULK_MAX_CELLS) return { ok: false, message: BULK_FILE_MESSAGES.tooManyCells };
      }
      if (cells.some((cell) => cell !== "")) rows.push({ row: range.s.r + index + 1, cells });
    }
    return { ok: true, rows };
  } catch (error) {
    return { ok: false, message: error instanceof Refusal ? error.message : BULK_FILE_MESSAGES.unreadable };
  }
}
