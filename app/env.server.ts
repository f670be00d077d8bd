/**
 * The app worker's bindings and variables, validated once per request at the entry.
 */
import { z } from "zod";
import type { ClickBatchMessage } from "../domain/events";

export interface RedirectService {
  fetch(request: Request): Promise<Response>;
  purge(links: { domain: string; alias: string }[]): Promise<void>;
}

export interface AppBindings {
  DB: D1Database;
  LINKS: KVNamespace;
  UPLOADS: R2Bucket;
  CLICKS: Queue<ClickBatchMessage>;
  JOBS: Queue;
  REDIRECT: RedirectService;
  ASSETS: Fetcher;
}

const varsSchema = z.object({
  SHORT_HOST: z.string().min(1),
  SHORT_ORIGIN: z.string().default(""),
  HELP_URL: z.url(),
  HELPDESK_URL: z.url(),
  FREESCOUT_URL: z.url(),
  BLOG_URL: z.url(),
  LOCAL_DEV: z.string().optional(),
  /** Comma-separated extra banned destination domains. */
  BANNED_DOMAINS: z.string().default(""),
});

export type AppVars = z.infer<typeof varsSchema>;
export type AppEnv = AppBindings & AppVars;

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const vars = varsSchema.parse(raw);
  return { ...(raw as unknown as AppBindings), ...vars };
}
