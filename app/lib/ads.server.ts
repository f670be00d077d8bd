/**
 * Ads for non-subscribers (spec 01 §1; docs/decisions/041). A deployment turns them on with
 * ADS_PROVIDER=adsense and its publisher id; without both there are none. In local runs a browser
 * may play an ads deployment through the dev client fixture (`{"action":"client","ads":true}`),
 * which serves a labelled stand-in from /__dev/ads.js instead of the provider's script.
 */
import { ADSENSE_ORIGINS, ADSENSE_SCRIPT_URL, showAds } from "../../domain/ads";
import type { AppEnv } from "../env.server";
import type { DevClient } from "./dev-client.server";

/** The local stand-in for the provider's loader (app/routes/dev/ads.ts; 404 outside local runs). */
export const LOCAL_ADS_SCRIPT = "/__dev/ads.js";

export interface AdUnit {
  scriptUrl: string;
  client: string;
  slot: string;
}

type AdsEnv = Pick<AppEnv, "ADS_PROVIDER" | "ADS_CLIENT" | "ADS_SLOT" | "LOCAL_DEV">;

/** The ad unit this deployment (or, locally, this browser) serves; null when ads are off. */
export function configuredAds(env: AdsEnv, devClient: DevClient): AdUnit | null {
  if (env.LOCAL_DEV === "true" && devClient.ads)
    return { scriptUrl: LOCAL_ADS_SCRIPT, client: "ca-pub-0000000000000000", slot: "0000000000" };
  if (env.ADS_PROVIDER !== "adsense") return null;
  if (env.ADS_CLIENT === "") {
    console.warn("ads: ADS_PROVIDER is adsense but ADS_CLIENT is empty; no ads are shown");
    return null;
  }
  return { scriptUrl: `${ADSENSE_SCRIPT_URL}?client=${env.ADS_CLIENT}`, client: env.ADS_CLIENT, slot: env.ADS_SLOT };
}

/** The hosts the provider needs in the page's Content-Security-Policy (none when ads are off or local). */
export function adOrigins(env: AdsEnv): typeof ADSENSE_ORIGINS | null {
  return env.ADS_PROVIDER === "adsense" && env.ADS_CLIENT !== "" ? ADSENSE_ORIGINS : null;
}

/** What the shell renders: the footer's privacy manager whenever ads are on, the unit only for this visitor's audience. */
export function adsForPage(
  unit: AdUnit | null,
  visitor: { subscribed: boolean; cookiesAccepted: boolean; doNotSell: boolean; strictPrivate: boolean },
): { on: boolean; unit: AdUnit | null } {
  const show = showAds({ configured: unit !== null, ...visitor });
  return { on: unit !== null, unit: show ? unit : null };
}
