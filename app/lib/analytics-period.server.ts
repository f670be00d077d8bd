/**
 * The remembered analytics period (spec 01 §9: remembered in the browser). A cookie rather than
 * local storage, so that it works without JavaScript: the page sets it whenever a period is
 * chosen through the switcher's links, and a visit without `period` uses it.
 */
import { createCookie } from "react-router";
import { isAnalyticsPeriod, type AnalyticsPeriod } from "../../domain/analytics";
import { isSecureRequest } from "../cookies.server";

const YEAR_SECONDS = 365 * 24 * 3600;

const options = { httpOnly: true, sameSite: "lax", maxAge: YEAR_SECONDS } as const;
const periodCookie = createCookie("snip_analytics_period", { ...options, path: "/app/analytics" });
/**
 * The analytics pages of organizations' links (docs/decisions/062) live under /app/organizations,
 * where the personal pages' cookie is not sent: they remember their period in a cookie of their own.
 */
const organizationPeriodCookie = createCookie("snip_analytics_period", { ...options, path: "/app/organizations" });

function cookieFor(request: Request) {
  return new URL(request.url).pathname.startsWith("/app/organizations/") ? organizationPeriodCookie : periodCookie;
}

export async function readAnalyticsPeriod(request: Request): Promise<AnalyticsPeriod | null> {
  const value: unknown = await cookieFor(request).parse(request.headers.get("cookie"));
  return isAnalyticsPeriod(value) ? value : null;
}

export function serializeAnalyticsPeriod(period: AnalyticsPeriod, request: Request): Promise<string> {
  return cookieFor(request).serialize(period, { secure: isSecureRequest(request) });
}
