/**
 * Local runs only (LOCAL_DEV): a browser can play a visitor from another country or another client
 * address (the abuse limits' key, app/lib/rate-limit.server.ts), or turn on the bot challenge with
 * Cloudflare's published test keys, through the cookie that the dev fixture
 * `{"action": "client", ...}` sets (app/routes/dev/fixtures.ts). Local runs have no Cloudflare in
 * front, so there is no country and, without keys, no challenge; this lets a developer and the
 * end-to-end tests see both forms of the guest form on one running service (docs/decisions/010).
 * Ignored unless LOCAL_DEV holds, which it does only for requests to a loopback host.
 */
import { createCookie } from "react-router";
import { z } from "zod";
import type { AppEnv } from "../env.server";

export const devClientCookie = createCookie("snip_dev_client", { httpOnly: true, sameSite: "lax", path: "/" });

export const devClientSchema = z.object({
  /** ISO 3166-1 alpha-2, as request.cf.country would give it. */
  country: z
    .string()
    .regex(/^[A-Z0-9]{2}$/)
    .optional(),
  /** The bot challenge with Cloudflare's test keys and the local siteverify stand-in. */
  turnstile: z.boolean().optional(),
  /** Plays a deployment with ads on (docs/decisions/041): a labelled local stand-in of the provider's script. */
  ads: z.boolean().optional(),
  /** The client address the abuse limits count (app/lib/rate-limit.server.ts), as CF-Connecting-IP would give it. */
  address: z.union([z.ipv4(), z.ipv6()]).optional(),
});
export type DevClient = z.infer<typeof devClientSchema>;

export async function readDevClient(env: Pick<AppEnv, "LOCAL_DEV">, request: Request): Promise<DevClient> {
  if (env.LOCAL_DEV !== "true") return {};
  const parsed = devClientSchema.safeParse(await devClientCookie.parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : {};
}
