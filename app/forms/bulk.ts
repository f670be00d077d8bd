/** The bulk form (spec 02 §2, §3): where it posts and what it answers; browser-safe. */
export const BULK_PATH = "/app/links/bulk";

export type BulkErrors = Partial<Record<"file" | "domain" | "form" | "team", string[]>>;
/**
 * Spec 02 §3 Bulk response: total; or the errors by field (spec 02 §5: file, domain, form). The
 * upload does not parse spreadsheets (docs/decisions/020): total is a CSV's row count, and null
 * for xls, xlsx and ods, whose rows are counted by the import (the notification gives them).
 */
export type BulkReply = { total: number | null; errors?: undefined } | { total?: undefined; errors: BulkErrors };
