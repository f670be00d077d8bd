/**
 * Substring search in SQL. `instr`, not LIKE: D1 (SQLite built with a 50-byte
 * SQLITE_MAX_LIKE_PATTERN_LENGTH) refuses a longer LIKE pattern with "LIKE or GLOB pattern too
 * complex", and a search box is where people paste whole URLs. Both sides go through SQLite's
 * `lower()`, so the match ignores ASCII case exactly as LIKE did, and `%`, `_` and `\` in the
 * text are plain characters with no escaping to get wrong.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** `column` contains `text`, ignoring ASCII case. */
export function containsText(column: SQLWrapper, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}
