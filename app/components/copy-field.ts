/**
 * The selectable field that shows a copied text, for the copy buttons' fallback when the
 * Clipboard API refuses: an input whose value it is, or the result view's short link (a textarea).
 */
export function fieldHolding(text: string): HTMLInputElement | HTMLTextAreaElement | null {
  const input = document.querySelector<HTMLInputElement>(`input[value="${CSS.escape(text)}"]`);
  if (input) return input;
  return [...document.querySelectorAll<HTMLTextAreaElement>("textarea[readonly]")].find((field) => field.value === text) ?? null;
}
