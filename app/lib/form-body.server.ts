/**
 * A page action's form body. A browser's form posts urlencoded or multipart; another method (PUT,
 * PATCH, DELETE) or any other body (JSON, text, nothing at all, a broken multipart) is the client's
 * mistake, answered 405, 415 or 400 with the error page, never a server error or a change.
 */
import { data } from "react-router";
import { ACCOUNT_MESSAGES } from "../../domain/account-rules";
import { formDataWithin, type FormWithin } from "./body-limit.server";

export const FORM_BODY_MESSAGES = {
  method: "Method Not Allowed",
  unsupported: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  malformed: "The form's data could not be read.",
} as const;

const FORM_CONTENT_TYPES: readonly string[] = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The request's media type, lowercased, without parameters ("" when it declares none). */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

/** Whether the body is declared as a browser's form (urlencoded or multipart). */
function isFormMediaType(type: string): boolean {
  return FORM_CONTENT_TYPES.includes(type);
}

/** The 405 of every page action for another method (PUT, PATCH, DELETE); for an action that reads no fields, the only check. */
export function requirePost(request: Request): void {
  if (request.method !== "POST") throw data(FORM_BODY_MESSAGES.method, { status: 405 });
}

/**
 * A page's post as a browser sends a form, or a thrown refusal: a 405 (not a POST); a 400 with spec
 * 01 §5's general message for a body declared as something else (JSON, text, XML); a 415 for a body
 * with no type at all. Thrown from the action, so the page shell's boundary shows it under the
 * signed-in header (app/routes/shell.tsx).
 */
function requireFormPost(request: Request): void {
  requirePost(request);
  const type = mediaType(request);
  if (type === "") throw data(FORM_BODY_MESSAGES.unsupported, { status: 415 });
  if (!isFormMediaType(type)) throw data(ACCOUNT_MESSAGES.generic, { status: 400 });
}

/** The posted form, after `requireFormPost`'s refusals; a 400 for a form type that does not parse. */
export async function requestFormData(request: Request): Promise<FormData> {
  requireFormPost(request);
  try {
    return await request.formData();
  } catch {
    throw data(FORM_BODY_MESSAGES.malformed, { status: 400 });
  }
}

/**
 * The posted form read under `limit` bytes (a page that takes an upload, such as a profile photo),
 * after the same refusals as `requestFormData`: another method or a body that is no form is
 * never read as one.
 */
export async function requestFormDataWithin(request: Request, limit: number): Promise<FormWithin> {
  requireFormPost(request);
  return formDataWithin(request, limit);
}

/**
 * The form's `intent`, when it is one of the page's `intents`; null otherwise (missing, a file, or
 * unknown), which the page answers with 400 and MESSAGES.unknownAction rather than guessing an action.
 */
export function formIntent<const T extends string>(formData: FormData, intents: readonly T[]): T | null {
  const value = formData.get("intent");
  return intents.find((intent) => intent === value) ?? null;
}
