import { createContext, type RouterContextProvider } from "react-router";
import type { AppEnv } from "./env.server";

export interface CloudflareContext {
  env: AppEnv;
  ctx: ExecutionContext;
  /** The visitor's country from Cloudflare (request.cf.country); null when there is none (local runs). */
  country: string | null;
}

export const cloudflareContext = createContext<CloudflareContext>();

export function getCloudflare(context: Readonly<RouterContextProvider>): CloudflareContext {
  return context.get(cloudflareContext);
}
