/**
 * Response headers both workers send (docs/decisions/022). HSTS: two years, subdomains
 * included; browsers ignore it on plain-HTTP answers, so local runs are unaffected.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** Short links and their pages stay out of search indexes (docs/decisions/002). */
export const X_ROBOTS_TAG = "noindex";
