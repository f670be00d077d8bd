/**
 * Old aliases and redirects of spec 01 §2. Any other unknown path goes to the homepage.
 */
export const PATH_REDIRECTS: Readonly<Record<string, string>> = {
  "/app/signup": "/app/pricing",
  "/app/features": "/app/pricing",
  "/app/features/branded": "/app/features/branded-domains",
  "/app/features/custom-domains": "/app/features/branded-domains",
  "/app/features/analytics": "/app/features/link-analytics",
  "/app/features/howit": "/app/features/how-snip-works",
  "/app/features/aboutus": "/app/features/about-us",
  "/app/myurls": "/app/my-urls",
  "/app/myurls/clear-history": "/app/my-urls/clear-history",
  "/app/analytics/download": "/app",
};

/** The new page of an old alias, or null for a path that is simply unknown (it goes to the homepage). */
export function redirectTarget(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PATH_REDIRECTS[path] ?? null;
}
