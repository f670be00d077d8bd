/**
 * The password dictionary (issue 19, kiosk `password_dictionary`, decision 032): the one check
 * sign-up, password reset and password change make before the password reaches the auth library.
 * Case-insensitive. The shipped list is a Set in code; staff additions and removals are one read
 * by primary key in D1.
 */
import { getDb } from "../../db/client.server";
import { getDictionaryChange } from "../../db/password-dictionary.server";
import { COMMON_PASSWORDS, COMMON_PASSWORD_MESSAGE, dictionaryKey } from "../../domain/common-passwords";
import type { AppEnv } from "../env.server";

/** Whether the dictionary refuses the password: a staff change decides, else the shipped list. */
export function isRefusedByDictionary(password: string, change: "added" | "removed" | null): boolean {
  if (change === "added") return true;
  if (change === "removed") return false;
  return COMMON_PASSWORDS.has(dictionaryKey(password));
}

/** The field message when the dictionary refuses the password, else null. */
export async function commonPasswordError(env: Pick<AppEnv, "DB">, password: string): Promise<string | null> {
  const change = await getDictionaryChange(getDb(env.DB), dictionaryKey(password));
  return isRefusedByDictionary(password, change) ? COMMON_PASSWORD_MESSAGE : null;
}
