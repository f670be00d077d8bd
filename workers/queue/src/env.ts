export interface QueueEnv {
  DB: D1Database;
  LINKS: KVNamespace;
  UPLOADS: R2Bucket;
  JOBS: Queue;
  /** Bulk imports: their own queue, one message per invocation (docs/decisions/009). */
  BULK: Queue;
  /** The raw click log (Workers Analytics Engine, dataset snip_clicks): one data point a counted click. */
  CLICK_LOG?: AnalyticsEngineDataset;
  /** Salt of the hourly visitor hash; set it as a secret in production. */
  VISITOR_SALT?: string;
  /** HTTP mail API (POST JSON {from, to, subject, text, html}); unset locally: the dev mailbox. */
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /** "true" only in local runs: enables the dev mailbox, webhooks to loopback hosts and the development AUTH_SECRET. */
  LOCAL_DEV?: string;
  /** The app's AUTH_SECRET (a secret): the key of stored webhook signing secrets is derived from it. */
  AUTH_SECRET?: string;
  /** Stripe (README "Billing"): overage blocks are reported to its billing meter. */
  STRIPE_SECRET_KEY?: string;
  STRIPE_API_BASE?: string;
  /** Paddle (docs/decisions/049): a failed domain order is refunded there when Paddle took its payment. */
  PADDLE_API_KEY?: string;
  PADDLE_ENVIRONMENT?: string;
  /** Seconds before the first webhook retry (each further one is four times longer); default 60, locally 2. */
  WEBHOOK_RETRY_BASE_SECONDS?: string;
  /** Destination domains banned by configuration (comma-separated), as the app's; the hourly banned-list re-check applies them (decision 036). */
  BANNED_DOMAINS?: string;
  /** URL reputation (decision 036): Google Safe Browsing v4's API key (a secret); unset: the check is skipped. */
  SAFE_BROWSING_API_KEY?: string;
  /** Its base URL; default https://safebrowsing.googleapis.com (a stub's in tests). */
  SAFE_BROWSING_API_URL?: string;
  // Domain orders (issue 18, docs/decisions/043): the registrar, and Cloudflare for SaaS for the bought domains.
  /** DNSimple account access token (a secret); with the account and registrant ids, or orders wait (fail closed). */
  DNSIMPLE_TOKEN?: string;
  DNSIMPLE_ACCOUNT_ID?: string;
  DNSIMPLE_REGISTRANT_ID?: string;
  /** https://api.dnsimple.com (default), the sandbox, or the local stub. */
  DNSIMPLE_API_BASE_URL?: string;
  /** Branded domains (decision 044): a deleted owner's custom hostnames are removed at Cloudflare for SaaS. */
  CF_API_TOKEN?: string;
  CF_ZONE_ID?: string;
  CF_API_BASE_URL?: string;
  /** Automatic DNS for bought domains (decision 054): the CNAME/ALIAS target published in their zone (the app's CF_CNAME_TARGET). */
  CF_CNAME_TARGET?: string;
}
