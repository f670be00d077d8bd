/**
 * Flash messages (spec 01 §3 Global app state `flashMessages`; spec 02 §2, §8 "Flash-message
 * errors on load are shown in an Error modal, joined by line breaks"): a message an action or a
 * guard leaves for the next page load, shown once, then gone. The cookie carries keys of this
 * table only, never text, so nobody can make the site show words of their own.
 */
export const FLASH_MESSAGES = {
  "developer-only": "That page is only for Snip staff.",
  "teams-not-allowed": "Teams are not available for your account.",
} as const;

export type FlashKey = keyof typeof FLASH_MESSAGES;

/** The error dialog's title (spec 02 §2 Dialogs and widgets: Error dialog). */
export const FLASH_TITLE = "Error";

/** The keys a cookie value names, known ones only, each once, in order; at most five. */
export function parseFlashKeys(value: unknown): FlashKey[] {
  if (typeof value !== "string") return [];
  const keys = value.split(",").filter((key): key is FlashKey => Object.hasOwn(FLASH_MESSAGES, key));
  return [...new Set(keys)].slice(0, 5);
}

export function flashTexts(keys: readonly FlashKey[]): string[] {
  return keys.map((key) => FLASH_MESSAGES[key]);
}
