import type { ClickEvent } from "../../../domain/events";

export interface RedirectEnv {
  DB: D1Database;
  LINKS: KVNamespace;
  CLICKS: Queue<ClickEvent>;
  /** Host of the default short domain: links on it are stored under this name. */
  SHORT_HOST: string;
  /** Origin of the app for links on the not-found pages; empty means the request's origin. */
  APP_ORIGIN?: string;
}
