/** The bulk form (spec 02 §2, §3): where it posts and what it answers; browser-safe. */
export const BULK_PATH = "/app/links/bulk";

export type BulkErrors = Partial<Record<"file" | "domain" | "form", string[]>>;
/** Spec 02 §3 Bulk response: total; or the errors by field (spec 02 §5: file, domain, form). */
export type BulkReply = { total: number; errors?: undefined } | { total?: undefined; errors: BulkErrors };
