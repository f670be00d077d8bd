/**
 * The remembered analytics period (spec 01 §9: remembered in the browser). A cookie rather than
 * local storage, so that it works without JavaScript: the page sets it whenever a period is
 * chosen through the switcher's links, and a visit without `period` uses it.
 */
import { createCookie } from "react-router";
import { isAnalyticsPeriod, type AnalyticsPeriod } from "../../domain/analytics";
import { isSecureRequest } from "../cookies.server";

const YEAR_SECONDS = 365 * 24 * 3600;

const periodCookie = createCookie("snip_analytics_period", {
  httpOnly: true,
  sameSite: "lax",
  path: "/app/analytics",
  maxAge: YEAR_SECONDS,
});

export async function readAnalyticsPeriod(request: Request): Promise<AnalyticsPeriod | null> {
  const value: unknown = await periodCookie.parse(request.headers.get("cookie"));
  return isAnalyticsPeriod(value) ? value : null;
}

export function serializeAnalyticsPeriod(period: AnalyticsPeriod, request: Request): Promise<string> {
  return periodCookie.serialize(period, { secure: isSecureRequest(request) });
}
