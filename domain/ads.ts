/**
 * Ads for non-subscribers (spec 01 §1; docs/decisions/041): off unless a provider is configured,
 * and then shown only to a visitor without a paid plan who has accepted cookies, has not made the
 * do-not-sell choice and has not asked for strict privacy (spec 02 §3's strict-private cookie).
 */

/** The ad providers a deployment may configure; "" is none (the default). */
export const AD_PROVIDERS = ["", "adsense"] as const;
export type AdProvider = (typeof AD_PROVIDERS)[number];

/** Google AdSense: where its loader comes from, and the hosts it frames and calls (its CSP guide). */
export const ADSENSE_SCRIPT_URL = "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js";
export const ADSENSE_ORIGINS = {
  script: ["https://pagead2.googlesyndication.com", "https://partner.googleadservices.com", "https://tpc.googlesyndication.com"],
  frame: ["https://googleads.g.doubleclick.net", "https://tpc.googlesyndication.com", "https://www.google.com"],
  connect: ["https://pagead2.googlesyndication.com", "https://googleads.g.doubleclick.net"],
  img: ["https://pagead2.googlesyndication.com", "https://tpc.googlesyndication.com", "https://googleads.g.doubleclick.net"],
} as const;

/** The footer's entry that opens the privacy manager, shown whenever ads are on. */
export const PRIVACY_MANAGER_LABEL = "Privacy Manager";

export interface AdAudience {
  /** The deployment has an ad provider. */
  configured: boolean;
  /** The visitor has a paid plan (spec 01 §3: a current subscription that is not free). */
  subscribed: boolean;
  cookiesAccepted: boolean;
  doNotSell: boolean;
  strictPrivate: boolean;
}

/** Whether this page loads ads for this visitor. */
export function showAds(audience: AdAudience): boolean {
  return audience.configured && !audience.subscribed && audience.cookiesAccepted && !audience.doNotSell && !audience.strictPrivate;
}
