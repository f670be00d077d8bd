/**
 * The AUTH_SECRET of local runs: used only when LOCAL_DEV is "true" and no AUTH_SECRET is set,
 * never in production. The app (sessions, TOTP, backup codes) and the queue consumer (webhook
 * signing secrets) derive their keys from the same value.
 */
export const LOCAL_DEV_AUTH_SECRET = "snip-local-development-secret-not-for-production-use";
