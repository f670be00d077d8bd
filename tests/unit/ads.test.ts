import { describe, expect, it } from "vitest";
import { ADSENSE_ORIGINS, showAds, type AdAudience } from "../../domain/ads";
import { adOrigins, adsForPage, configuredAds, LOCAL_ADS_SCRIPT } from "../../app/lib/ads.server";
import { contentSecurityPolicy } from "../../app/csp.server";

const OFF = { ADS_PROVIDER: "", ADS_CLIENT: "", ADS_SLOT: "", LOCAL_DEV: undefined } as const;
const ADSENSE = { ...OFF, ADS_PROVIDER: "adsense", ADS_CLIENT: "ca-pub-1234567890123456", ADS_SLOT: "1234567890" } as const;
const WILLING: AdAudience = { configured: true, subscribed: false, cookiesAccepted: true, doNotSell: false, strictPrivate: false };

describe("who sees ads (spec 01 §1, spec 02 §3; docs/decisions/041)", () => {
  it("a consenting non-subscriber on a deployment with ads", () => {
    expect(showAds(WILLING)).toBe(true);
  });

  it.each([
    ["no provider configured", { configured: false }],
    ["a subscriber", { subscribed: true }],
    ["before cookie consent", { cookiesAccepted: false }],
    ["after the do-not-sell choice", { doNotSell: true }],
    ["with strict privacy", { strictPrivate: true }],
  ] as const)("nobody %s", (_, change) => {
    expect(showAds({ ...WILLING, ...change })).toBe(false);
  });
});

describe("the configured ad unit", () => {
  it("is off by default, and with a provider but no publisher id", () => {
    expect(configuredAds(OFF, {})).toBeNull();
    expect(configuredAds({ ...ADSENSE, ADS_CLIENT: "" }, {})).toBeNull();
  });

  it("is AdSense's loader with the publisher id when configured", () => {
    expect(configuredAds(ADSENSE, {})).toEqual({
      scriptUrl: "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890123456",
      client: "ca-pub-1234567890123456",
      slot: "1234567890",
    });
  });

  it("plays an ads deployment with the local stand-in only in local runs", () => {
    expect(configuredAds({ ...OFF, LOCAL_DEV: "true" }, { ads: true })?.scriptUrl).toBe(LOCAL_ADS_SCRIPT);
    expect(configuredAds(OFF, { ads: true })).toBeNull();
  });

  it("keeps the privacy manager on for a visitor who sees no ad", () => {
    const unit = configuredAds(ADSENSE, {});
    expect(adsForPage(unit, { subscribed: false, cookiesAccepted: true, doNotSell: true, strictPrivate: false })).toEqual({
      on: true,
      unit: null,
    });
    expect(adsForPage(unit, { subscribed: false, cookiesAccepted: true, doNotSell: false, strictPrivate: false })).toEqual({
      on: true,
      unit,
    });
    expect(adsForPage(null, { subscribed: false, cookiesAccepted: true, doNotSell: false, strictPrivate: false })).toEqual({
      on: false,
      unit: null,
    });
  });
});

describe("the Content-Security-Policy with ads", () => {
  const base = { nonce: "n", pathname: "/", paddleJsUrl: "https://cdn.paddle.com/paddle/v2/paddle.js" };

  it("names no ad host when ads are off", () => {
    expect(adOrigins(OFF)).toBeNull();
    expect(contentSecurityPolicy({ ...base, ads: adOrigins(OFF) })).not.toContain("googlesyndication");
  });

  it("allows the provider's script, frame, image and connect hosts when ads are on", () => {
    const policy = contentSecurityPolicy({ ...base, ads: adOrigins(ADSENSE) });
    const directive = (name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
    for (const host of ADSENSE_ORIGINS.script) expect(directive("script-src")).toContain(host);
    for (const host of ADSENSE_ORIGINS.frame) expect(directive("frame-src")).toContain(host);
    for (const host of ADSENSE_ORIGINS.img) expect(directive("img-src")).toContain(host);
    for (const host of ADSENSE_ORIGINS.connect) expect(directive("connect-src")).toContain(host);
    expect(directive("script-src")).not.toContain("'unsafe-inline'");
  });
});
