/**
 * The password dictionary's staff changes (issue 19, decision 032). The shipped list is code
 * (domain/common-passwords.ts); a row here adds a word to it or takes a shipped word out.
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { passwordDictionary } from "./schema";
import { staffAuditInsert, type StaffActor } from "./staff-audit.server";

/** The staff change for one word (lower case), or null: one read by primary key. */
export async function getDictionaryChange(db: Db, word: string): Promise<"added" | "removed" | null> {
  const row = await db.select({ kind: passwordDictionary.kind }).from(passwordDictionary).where(eq(passwordDictionary.word, word)).get();
  return row?.kind ?? null;
}

export async function listDictionaryChanges(db: Db) {
  return db.select().from(passwordDictionary).orderBy(asc(passwordDictionary.kind), asc(passwordDictionary.word));
}

/**
 * Sets (or clears, with null) the staff change of a word, with its audit row. The audit names the
 * action the staff member took (added or removed), not the row written.
 */
export async function setDictionaryChange(
  db: Db,
  staff: StaffActor,
  word: string,
  change: "added" | "removed" | null,
  action: "password.added" | "password.removed",
  now = new Date(),
) {
  const write =
    change === null
      ? db.delete(passwordDictionary).where(eq(passwordDictionary.word, word))
      : db
          .insert(passwordDictionary)
          .values({ word, kind: change, createdBy: staff.id, createdAt: now })
          .onConflictDoUpdate({ target: passwordDictionary.word, set: { kind: change, createdBy: staff.id, createdAt: now } });
  // The audit keeps only the word's length: the dictionary's words are passwords someone may use.
  await db.batch([write, staffAuditInsert(db, { staff, action, target: `${word.length} characters`, at: now })]);
}
