/**
 * A page action's form body. A browser's form posts urlencoded or multipart; another method (PUT,
 * PATCH, DELETE) or any other body (JSON, text, nothing at all, a broken multipart) is the client's
 * mistake, answered 405, 415 or 400 with the error page, never a server error or a change.
 */
import { data } from "react-router";

export const FORM_BODY_MESSAGES = {
  method: "Method Not Allowed",
  unsupported: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
  malformed: "The form's data could not be read.",
} as const;

/** The posted form; throws a 405 (not a POST), 415 (not a form type) or 400 (a form type that does not parse) response. */
export async function requestFormData(request: Request): Promise<FormData> {
  if (request.method !== "POST") throw data(FORM_BODY_MESSAGES.method, { status: 405 });
  const type = (request.headers.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data")
    throw data(FORM_BODY_MESSAGES.unsupported, { status: 415 });
  try {
    return await request.formData();
  } catch {
    throw data(FORM_BODY_MESSAGES.malformed, { status: 400 });
  }
}
