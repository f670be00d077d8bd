import { createContext, type RouterContextProvider } from "react-router";
import type { AppEnv } from "./env.server";

export interface CloudflareContext {
  env: AppEnv;
  ctx: ExecutionContext;
}

export const cloudflareContext = createContext<CloudflareContext>();

export function getCloudflare(context: Readonly<RouterContextProvider>): CloudflareContext {
  return context.get(cloudflareContext);
}
