import { redirect } from "react-router";
import { pastDueAllows, pastDueAllowsCall, PAST_DUE_PATH } from "../../domain/access";
import { API_MESSAGES } from "../../domain/api-messages";
import { API_BASE } from "./api-protocol";
import { apiError } from "./api.server";
import { pagePathname } from "./page-url";

/**
 * What a user whose trial is past due gets instead of the page or call asked for, or null when it
 * stays open to them (spec 01 §2). The page's path decides: a client-side navigation to
 * /app/subscribe asks /app/subscribe.data, which must not be sent to /app/subscribe again (the
 * browser would ask for it over and over and never get there).
 */
export function pastDueRefusal(request: Request): Response | null {
  const pathname = pagePathname(request);
  if (!pastDueAllows(pathname)) return redirect(PAST_DUE_PATH);
  // The JSON calls: reading and paying stay open, any other write is 402 'Payment Required'.
  if (pathname.startsWith(`${API_BASE}/`) && !pastDueAllowsCall(request.method, pathname))
    return apiError(402, API_MESSAGES.paymentRequired);
  return null;
}
