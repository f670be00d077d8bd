import type { ClickBatchMessage } from "../../../domain/events";

export interface RedirectEnv {
  DB: D1Database;
  LINKS: KVNamespace;
  CLICKS: Queue<ClickBatchMessage>;
  /** Host of the default short domain: links on it are stored under this name. */
  SHORT_HOST: string;
  /** The app worker: every request that is not a short link is handed to it. */
  APP?: Fetcher;
  /** Origin of the app for links on the not-found pages; empty means the request's origin. */
  APP_ORIGIN?: string;
  /** The extra common short domains (JSON, domain/domains.ts): links on them are stored under their own name. */
  SHORT_DOMAINS?: string;
  /** Set by local runs only (docs/decisions/024): loopback hosts are the default host. */
  LOCAL_DEV?: string;
}
