import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGENT_MEMO_MAX, DIRECT, HOUR_MS, UNKNOWN, describeClick } from "../../domain/click-facts";
import type { ClickPayload } from "../../domain/events";

const AT = Date.UTC(2025, 5, 15, 14, 20, 0); // 14:20 UTC
const SALT = "test-salt";

const UA = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  firefoxMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0",
  edgeLinux: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  curl: "curl/8.5.0",
  facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  slackbot: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  python: "python-requests/2.31.0",
};

function payload(overrides: Partial<ClickPayload> = {}): ClickPayload {
  return {
    linkId: "link_1",
    at: AT,
    country: "DE",
    referrer: "https://www.example.com/page?x=1",
    userAgent: UA.chromeWindows,
    acceptLanguage: "fr-CA,fr;q=0.9,en;q=0.8",
    ip: "203.0.113.7",
    ...overrides,
  };
}

const describe_ = (overrides: Partial<ClickPayload> = {}, salt = SALT) => describeClick(payload(overrides), salt);

describe("describeClick: devices, browsers and operating systems", () => {
  it.each([
    ["Chrome on Windows", UA.chromeWindows, "desktop", "Chrome", "Windows"],
    ["Safari on an iPhone", UA.safariIphone, "mobile", "Mobile Safari", "iOS"],
    ["Chrome on Android", UA.chromeAndroid, "mobile", "Chrome", "Android"],
    ["Safari on an iPad", UA.safariIpad, "tablet", "Mobile Safari", "iOS"],
    ["Firefox on a Mac", UA.firefoxMac, "desktop", "Firefox", "Mac OS"],
    ["Edge on Linux", UA.edgeLinux, "desktop", "Edge", "Linux"],
  ])("describes %s", async (_label, userAgent, device, browser, os) => {
    const facts = await describe_({ userAgent });
    expect(facts).toMatchObject({ device, browser, os, isBot: false });
  });

  it("answers unknown browser and OS for a human-looking agent it cannot parse", async () => {
    const facts = await describe_({ userAgent: "Mozilla/5.0 (Unknown; Foo)" });
    expect(facts.isBot).toBe(false);
    expect(facts.device).toBe("desktop");
    expect(facts.browser).toBe(UNKNOWN);
    expect(facts.os).toBe(UNKNOWN);
  });

  it("describes each agent by its own string while it remembers parsed agents, also past the memory's bound", async () => {
    const order = [UA.chromeWindows, UA.safariIphone, UA.googlebot, UA.firefoxMac];
    const first = await Promise.all(order.map((userAgent) => describe_({ userAgent })));
    // More distinct agents than the isolate remembers, then the same four again, in another order.
    for (let i = 0; i <= AGENT_MEMO_MAX; i++) await describe_({ userAgent: `Mozilla/5.0 (Windows NT 10.0) Firefox/${i}.0` });
    const again = await Promise.all([...order].reverse().map((userAgent) => describe_({ userAgent })));
    expect(again.reverse()).toEqual(first);
    expect(first.map((f) => [f.browser, f.isBot])).toEqual([
      ["Chrome", false],
      ["Mobile Safari", false],
      [UNKNOWN, true],
      ["Firefox", false],
    ]);
  });
});

describe("describeClick: bots", () => {
  it.each([
    ["Googlebot", UA.googlebot],
    ["curl", UA.curl],
    ["the Facebook crawler", UA.facebook],
    ["Slack's link expander", UA.slackbot],
    ["python-requests", UA.python],
  ])("counts %s as a bot and does not break it down", async (_label, userAgent) => {
    const facts = await describe_({ userAgent });
    expect(facts).toMatchObject({ isBot: true, device: "bot", browser: UNKNOWN, os: UNKNOWN });
  });

  it("counts a missing or empty user agent as a bot", async () => {
    expect(await describe_({ userAgent: null })).toMatchObject({ isBot: true, device: "bot" });
    expect(await describe_({ userAgent: "" })).toMatchObject({ isBot: true, device: "bot" });
  });
});

describe("describeClick: referrer", () => {
  it("keeps only the referrer's host, lower-cased", async () => {
    expect((await describe_({ referrer: "https://WWW.Example.COM/a/b?c=d#e" })).referrer).toBe("www.example.com");
  });

  it("answers (direct) without a referrer", async () => {
    expect((await describe_({ referrer: null })).referrer).toBe(DIRECT);
    expect((await describe_({ referrer: "" })).referrer).toBe(DIRECT);
    expect(DIRECT).toBe("(direct)");
  });

  it("answers unknown for a referrer that is not a URL", async () => {
    expect((await describe_({ referrer: "not a url" })).referrer).toBe(UNKNOWN);
  });

  it("answers (direct) for a referrer URL without a host", async () => {
    expect((await describe_({ referrer: "file:///tmp/x.html" })).referrer).toBe(DIRECT);
  });

  it("keeps an app referrer's package name", async () => {
    expect((await describe_({ referrer: "android-app://com.google.android.gm/" })).referrer).toBe("com.google.android.gm");
  });

  it("converts an IDN referrer host to punycode", async () => {
    expect((await describe_({ referrer: "https://bücher.example/" })).referrer).toBe("xn--bcher-kva.example");
  });

  it("clips a very long referrer host to 64 characters", async () => {
    const host = `${"a".repeat(60)}.${"b".repeat(60)}.example`;
    expect((await describe_({ referrer: `https://${host}/` })).referrer).toBe(host.slice(0, 64));
  });
});

describe("describeClick: language", () => {
  it.each([
    ["fr-CA,fr;q=0.9,en;q=0.8", "fr"],
    ["EN-us", "en"],
    ["en", "en"],
    ["de-DE;q=1.0", "de"],
    [" es-419 , en;q=0.5", "es"],
    ["zh-Hant-TW,zh;q=0.9", "zh"],
    ["fil-PH", "fil"],
  ])("takes the primary language of %j", async (acceptLanguage, language) => {
    expect((await describe_({ acceptLanguage })).language).toBe(language);
  });

  it.each([null, "", "*", "x", "en_US", ";q=1", "i-klingon", "english", "12-34"])(
    "answers unknown for the language header %j",
    async (acceptLanguage) => {
      expect((await describe_({ acceptLanguage })).language).toBe(UNKNOWN);
    },
  );
});

describe("describeClick: country", () => {
  it("upper-cases a two-letter country code", async () => {
    expect((await describe_({ country: "de" })).country).toBe("DE");
    expect((await describe_({ country: "Us" })).country).toBe("US");
  });

  it.each([null, "", "USA", "D", "T1", "1", "gb ", "é1"])("answers unknown for the country %j", async (country) => {
    expect((await describe_({ country })).country).toBe(UNKNOWN);
  });
});

describe("describeClick: time and visitor", () => {
  it("keeps the link, the moment and its hour", async () => {
    const facts = await describe_();
    expect(facts.linkId).toBe("link_1");
    expect(facts.at).toBe(AT);
    expect(facts.hour).toBe(Math.floor(AT / HOUR_MS));
    expect(HOUR_MS).toBe(3_600_000);
  });

  it("hashes the visitor into 24 hex characters and never exposes the address", async () => {
    const facts = await describe_();
    expect(facts.visitor).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(facts)).not.toContain("203.0.113.7");
  });

  it("hashes the visitor as the first 12 bytes of SHA-256(salt|link|hour|address|agent), as before the synchronous hash", async () => {
    const facts = describe_();
    const input = `${SALT}|link_1|${Math.floor(AT / HOUR_MS)}|203.0.113.7|${UA.chromeWindows}`;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(input)));
    expect(facts.visitor).toBe(Buffer.from(digest.slice(0, 12)).toString("hex"));
  });

  it("gives the same visitor hash for the same address, agent and link within the hour", async () => {
    const a = await describe_({ at: AT });
    const b = await describe_({ at: AT + 30 * 60_000, referrer: null, country: "US", acceptLanguage: "en" });
    expect(b.visitor).toBe(a.visitor);
  });

  it("gives another visitor hash in another hour", async () => {
    const a = await describe_({ at: AT });
    const b = await describe_({ at: AT + HOUR_MS });
    expect(b.visitor).not.toBe(a.visitor);
  });

  it("gives another visitor hash for another link, address, agent or salt", async () => {
    const base = (await describe_()).visitor;
    expect((await describe_({ linkId: "link_2" })).visitor).not.toBe(base);
    expect((await describe_({ ip: "203.0.113.8" })).visitor).not.toBe(base);
    expect((await describe_({ userAgent: UA.firefoxMac })).visitor).not.toBe(base);
    expect((await describe_({}, "another-salt")).visitor).not.toBe(base);
  });

  it("hashes the same visitor identically anywhere within an hour, and differently across hours", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 400_000, max: 600_000 }),
        fc.integer({ min: 0, max: HOUR_MS - 1 }),
        fc.integer({ min: 0, max: HOUR_MS - 1 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.ipV4(),
        async (hour, m1, m2, laterHours, ip) => {
          const first = await describe_({ at: hour * HOUR_MS + m1, ip });
          const sameHour = await describe_({ at: hour * HOUR_MS + m2, ip });
          const later = await describe_({ at: (hour + laterHours) * HOUR_MS + m1, ip });
          expect(first.hour).toBe(hour);
          expect(sameHour.visitor).toBe(first.visitor);
          expect(later.visitor).not.toBe(first.visitor);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never throws and keeps every fact short, for any payload", async () => {
    const text = fc.option(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.webUrl()), { nil: null });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          linkId: fc.string(),
          at: fc.integer({ min: 0, max: 2 ** 45 }),
          country: text,
          referrer: text,
          userAgent: fc.option(fc.oneof(fc.constantFrom(...Object.values(UA)), fc.string()), { nil: null }),
          acceptLanguage: text,
          ip: text,
        }),
        async (p) => {
          const facts = await describeClick(p, SALT);
          for (const key of ["country", "referrer", "device", "browser", "os", "language"] as const) {
            expect(facts[key].length).toBeGreaterThan(0);
            expect(facts[key].length).toBeLessThanOrEqual(64);
          }
          expect(facts.country === UNKNOWN || /^[A-Z]{2}$/.test(facts.country)).toBe(true);
          expect(facts.language === UNKNOWN || /^[a-z]{2,3}$/.test(facts.language)).toBe(true);
          expect(facts.isBot).toBe(facts.device === "bot");
          // humans get a 96-bit visitor hash; bots are never counted as visitors
          expect(facts.visitor).toMatch(facts.isBot ? /^$/ : /^[0-9a-f]{24}$/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
