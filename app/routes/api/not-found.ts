/** Any other path under /app/api: a JSON 404 {message: 'Not Found'} (spec 01 §8), whatever the method. */
import { API_MESSAGES } from "../../../domain/api-messages";
import { apiError } from "../../lib/api.server";

export function loader() {
  return apiError(404, API_MESSAGES.notFound);
}

export function action() {
  return apiError(404, API_MESSAGES.notFound);
}
