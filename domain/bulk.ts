/**
 * Bulk creation rules (spec 02 §2, §4, §8): the columns of a bulk file, the texts of the form
 * and its result, the job's payload, and the caps of a run. Pure.
 *
 * Columns: with a header row, by name (case, spaces, dashes and underscores ignored):
 *   url (long url, long_url, destination, link) — required
 *   alias (custom alias, back half, short code), tags (tag), description (title, note),
 *   expires_at (expiry, expires, expiration, expiration date)
 * A header row none of whose names is a known url name falls back to the positional layout,
 * which is also the layout without a header: A url, B alias, C tags, D description, E expiry.
 */
import { can, type Subject } from "./entitlements";
import type { Envelope } from "./events";
import { parseExpiryInput } from "./expiry";

/** Bulk creation needs both the create and the bulk capabilities (spec 01 §6, spec 02 §6). */
export function canBulkCreate(subject: Subject): boolean {
  return can(subject, "create_snip_url") && can(subject, "use_bulk");
}

export const BULK_FORMATS = ["csv", "xls", "xlsx", "ods"] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];

/** 10MB (spec 02 §9). */
export const BULK_MAX_BYTES = 10 * 1024 * 1024;
/** Data rows per file: Snip's own cap (docs/decisions/009). */
export const BULK_MAX_ROWS = 25_000;
/** ZIP caps for xlsx and ods: entries in the archive (counted in its directory). */
export const BULK_ZIP_MAX_ENTRIES = 1_000;
/**
 * Bytes an xlsx or ods may inflate to, all entries together: counted as the inflater produces
 * them, never read from the archive's headers (which say whatever the file's author wrote).
 */
export const BULK_MAX_INFLATED_BYTES = 50 * 1024 * 1024;
/** Columns a row may have, characters a cell may hold, and cells a file may hold (docs/decisions/020). */
export const BULK_MAX_COLUMNS = 100;
export const BULK_MAX_CELL_CHARS = 10_000;
export const BULK_MAX_CELLS = 250_000;
/** The file input's accept list. */
export const BULK_ACCEPT =
  ".csv,.xls,.xlsx,.ods,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet";

/** Laravel-style texts, as the rest of the form's messages. */
export const BULK_FILE_MESSAGES = {
  required: "The file field is required.",
  type: "The file must be a file of type: csv, xls, xlsx, ods.",
  max: `The file must not be greater than ${BULK_MAX_BYTES / 1024} kilobytes.`,
  unreadable: "The file could not be read as a spreadsheet.",
  empty: "The file has no rows to import.",
  tooManyRows: `The file must not have more than ${BULK_MAX_ROWS.toLocaleString("en-US")} rows.`,
  inflatedTooLarge: `The file must not be larger than ${BULK_MAX_INFLATED_BYTES / 1024 / 1024} megabytes once uncompressed.`,
  tooManyColumns: `The file must not have more than ${BULK_MAX_COLUMNS} columns.`,
  cellTooLong: `The file's cells must not be longer than ${BULK_MAX_CELL_CHARS.toLocaleString("en-US")} characters.`,
  tooManyCells: `The file must not have more than ${BULK_MAX_CELLS.toLocaleString("en-US")} cells.`,
} as const;

/** The format an extension names, or null. */
export function formatOfName(name: string): BulkFormat | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name.trim())?.[1]?.toLowerCase();
  return (BULK_FORMATS as readonly string[]).includes(ext ?? "") ? (ext as BulkFormat) : null;
}

/** One spreadsheet row: its own row number (1-based, as the spreadsheet shows it) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export const BULK_COLUMNS = ["url", "alias", "tags", "description", "expires_at"] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

const HEADER_NAMES: Readonly<Record<BulkColumn, readonly string[]>> = {
  url: ["url", "longurl", "destination", "destinationurl", "link", "targeturl"],
  alias: ["alias", "customalias", "backhalf", "shortcode", "slug"],
  tags: ["tags", "tag"],
  description: ["description", "title", "note", "notes"],
  expires_at: ["expiresat", "expiry", "expires", "expiration", "expirationdate", "expirydate"],
};

export const BULK_MESSAGES = {
  scheduled: "Batch scheduled",
  total: "Total items added",
  // spec 02 §8, verbatim
  success: "Your request is being processed. You will receive a notification shortly after.",
  startAnother: "Start another batch",
  help: "CSV, XLS, XLSX or ODS, up to 10MB. Columns: long URL, then optional alias, tags (comma-separated), description and expiry (UTC).",
  alreadyCreated: "already created",
  duplicateAlias: "The alias appears on an earlier row of this file.",
  notificationTitle: "Bulk import finished",
  failedTitle: "Bulk import failed",
} as const;

function normalizeHeader(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, "");
}

/** Column positions from a header row; null when the header names no url column. */
export function columnsFromHeader(cells: readonly string[]): Partial<Record<BulkColumn, number>> | null {
  const found: Partial<Record<BulkColumn, number>> = {};
  cells.forEach((cell, index) => {
    const name = normalizeHeader(cell);
    for (const column of BULK_COLUMNS) {
      if (found[column] === undefined && HEADER_NAMES[column].includes(name)) found[column] = index;
    }
  });
  return found.url === undefined ? null : found;
}

const POSITIONAL: Readonly<Record<BulkColumn, number>> = { url: 0, alias: 1, tags: 2, description: 3, expires_at: 4 };

/** One data row as read from the file, before validation. */
export interface BulkRowInput {
  /** The spreadsheet's row number. */
  row: number;
  url: string;
  alias: string;
  tags: string;
  description: string;
  expiresAt: string;
}

/** The data rows of a sheet (its non-blank rows, minus the header when there is one), mapped to columns. */
export function toBulkRows(rows: readonly SheetRow[], withHeader: boolean): BulkRowInput[] {
  const header = withHeader ? rows[0] : undefined;
  const columns = (header && columnsFromHeader(header.cells)) ?? POSITIONAL;
  const data = withHeader ? rows.slice(1) : rows;
  const at = (cells: readonly string[], column: BulkColumn) => {
    const index = columns[column];
    return index === undefined ? "" : (cells[index] ?? "");
  };
  return data.map(({ row, cells }) => ({
    row,
    url: at(cells, "url"),
    alias: at(cells, "alias"),
    tags: at(cells, "tags"),
    description: at(cells, "description"),
    expiresAt: at(cells, "expires_at"),
  }));
}

/**
 * An expiry cell as the form's expires_at value (read as UTC): "2027-01-31", "2027-01-31 18:30",
 * "2027-01-31T18:30", an ISO instant with Z, or a date cell (already an ISO instant). Anything
 * else is passed through and refused by the form's rule.
 */
export function normalizeExpiryCell(cell: string): string {
  const text = cell.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text}T00:00`;
  const spaced = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?)$/.exec(text);
  if (spaced) return `${spaced[1]}T${spaced[2]}`;
  if (!Number.isNaN(parseExpiryInput(text).getTime())) return text;
  // An instant with an offset ("+02:00"): as the UTC instant.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?[+-]\d{2}:\d{2}$/.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  return text;
}

/** The job's payload: what the consumer needs besides the file (the R2 key is derived from the hash). */
export interface BulkImportPayload {
  importId: string;
  userId: string;
  /** The workspace the links go to (docs/decisions/027); absent in older messages: the user's personal one. */
  workspaceId?: string;
  /** Capabilities when the file was uploaded. */
  subject: { plan: string; userFeatures: string[] };
  customAlias: boolean;
  /** Hosts that count as ours and the extra banned domains, for the destination rule. */
  ownHosts: string[];
  bannedDomains: string[];
}

export const BULK_IMPORT_JOB = "bulk.import";

/** Why an import was held (issue 19, decision 045): shown to staff, and to the uploader in their list. */
export const BULK_HELD_REASON = "Held: the account is terminated for violating terms.";

export function bulkImportEnvelope(
  payload: BulkImportPayload,
  id: string = crypto.randomUUID(),
): Envelope<typeof BULK_IMPORT_JOB, BulkImportPayload> {
  return { type: BULK_IMPORT_JOB, v: 1, id, payload };
}

export function isBulkImportPayload(p: unknown): p is BulkImportPayload {
  if (typeof p !== "object" || p === null) return false;
  const v = p as Partial<BulkImportPayload>;
  const strings = (a: unknown) => Array.isArray(a) && a.every((s) => typeof s === "string");
  return (
    typeof v.importId === "string" &&
    typeof v.userId === "string" &&
    typeof v.customAlias === "boolean" &&
    typeof v.subject === "object" &&
    v.subject !== null &&
    typeof v.subject.plan === "string" &&
    strings(v.subject.userFeatures) &&
    strings(v.ownHosts) &&
    strings(v.bannedDomains)
  );
}

/** R2 key of an uploaded file: its content hash. */
export function bulkFileKey(fileHash: string): string {
  return `bulk/${fileHash}`;
}

/** R2 key of an import's validated rows, written by the consumer's first run. */
export function bulkStagedKey(importId: string): string {
  return `bulk-staged/${importId}.json`;
}

/**
 * Rows one run of the import handles before it hands the rest to a follow-up message, so a run
 * stays well inside a Worker invocation's limits (CPU time; 1,000 D1 queries on the paid plan:
 * a chunk of BULK_ROWS_PER_BATCH rows costs about six).
 */
export const BULK_IMPORT_ROWS_PER_RUN = 5_000;
/** Links written to KV per run of the publish phase: production Workers allow 1,000 KV operations per invocation. */
export const BULK_PUBLISH_ROWS_PER_RUN = 900;
/** Rows per db.batch: links, ledger rows, change-feed rows and tags of these rows are written together. */
export const BULK_ROWS_PER_BATCH = 100;

/** Path of an import's result file. */
export function bulkResultPath(importId: string): string {
  return `/app/links/bulk/${importId}/result.csv`;
}

/** One line of the result file, CSV-quoted. */
export function csvLine(cells: readonly (string | number | null)[]): string {
  return cells
    .map((cell) => {
      const text = cell === null ? "" : String(cell);
      // Formula injection: a cell starting with = + - @ is shown as text by spreadsheets.
      const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(",");
}
