import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import {
  BANNED_DOMAINS,
  KNOWN_SHORTENERS,
  URL_MAX_LENGTH,
  checkDestination,
  destinationSchema,
  type DestinationContext,
  type DestinationResult,
} from "../../domain/url";

const OWN_HOSTS = ["snip.test", "app.snip.test:8787", "Go.Brand.Example"];
const CONTEXT: DestinationContext = { ownHosts: OWN_HOSTS, bannedDomains: ["Evil.Example"] };
const TOO_LONG = MESSAGES.urlTooLong(URL_MAX_LENGTH);

/** Every message checkDestination may answer with. */
const ALL_MESSAGES: readonly string[] = [
  MESSAGES.urlRequired,
  MESSAGES.urlInvalid,
  MESSAGES.urlScheme,
  MESSAGES.urlUserinfo,
  TOO_LONG,
  MESSAGES.urlHost,
  MESSAGES.urlOwnHost,
  MESSAGES.urlShortener,
  MESSAGES.urlBanned,
];

function check(raw: string, context: DestinationContext = CONTEXT): DestinationResult {
  return checkDestination(raw, context);
}

/** The normalized URL of an accepted destination (fails the test when refused). */
function accepted(raw: string, context: DestinationContext = CONTEXT): string {
  const result = check(raw, context);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(raw)} to be accepted, got: ${result.message}`);
  return result.url;
}

/** The message of a refused destination (fails the test when accepted). */
function refusal(raw: string, context: DestinationContext = CONTEXT): string {
  const result = check(raw, context);
  if (result.ok) throw new Error(`expected ${JSON.stringify(raw)} to be refused, got: ${result.url}`);
  return result.message;
}

/** A DNS name compared as DNS compares it: case-insensitive, a trailing dot (the root) ignored. */
function bareHost(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, "").replace(/\.+$/, "");
}

function isUnder(host: string, domain: string): boolean {
  const h = bareHost(host);
  const d = bareHost(domain);
  return h === d || h.endsWith(`.${d}`);
}

/** The invariants every answer of checkDestination keeps, whatever the input. */
function expectSafeAnswer(raw: string, context: DestinationContext = CONTEXT): void {
  let result: DestinationResult;
  try {
    result = checkDestination(raw, context);
  } catch (error) {
    throw new Error(`checkDestination threw for ${JSON.stringify(raw)}: ${String(error)}`);
  }
  if (!result.ok) {
    expect(ALL_MESSAGES).toContain(result.message);
    return;
  }
  const url = new URL(result.url); // throws (fails) when not a URL
  expect(["http:", "https:"]).toContain(url.protocol);
  expect(url.username).toBe("");
  expect(url.password).toBe("");
  expect(result.url.length).toBeLessThanOrEqual(URL_MAX_LENGTH);
  expect(url.hostname).toMatch(/^[\x21-\x7e]+$/); // ASCII only: IDN is stored as punycode
  const own = context.ownHosts.find((h) => isUnder(url.hostname, h));
  expect(own, `accepted own host ${url.hostname} in ${result.url}`).toBeUndefined();
  const shortener = KNOWN_SHORTENERS.find((s) => isUnder(url.hostname, s));
  expect(shortener, `accepted shortener ${url.hostname} in ${result.url}`).toBeUndefined();
  // Normalization is stable: the stored URL is itself an acceptable destination, unchanged.
  expect(checkDestination(result.url, context)).toEqual({ ok: true, url: result.url });
}

describe("checkDestination: accepted destinations", () => {
  it("accepts an https URL and normalizes it (empty path becomes /)", () => {
    expect(accepted("https://example.com")).toBe("https://example.com/");
  });

  it("accepts plain http and keeps it http", () => {
    expect(accepted("http://example.com/a")).toBe("http://example.com/a");
  });

  it("adds https:// to input without a scheme", () => {
    expect(accepted("example.com/path?q=1#top")).toBe("https://example.com/path?q=1#top");
  });

  it("adds https: to a protocol-relative input", () => {
    expect(accepted("//example.com/x")).toBe("https://example.com/x");
  });

  it("reads host:port without a scheme as a host, not as a scheme", () => {
    expect(accepted("example.com:8080/x")).toBe("https://example.com:8080/x");
    expect(accepted("example.com:8080")).toBe("https://example.com:8080/");
  });

  it("accepts an upper-case scheme and host, lower-casing both but not the path", () => {
    expect(accepted("HTTPS://WWW.EXAMPLE.COM/Path?Q=A")).toBe("https://www.example.com/Path?Q=A");
  });

  it("trims surrounding whitespace", () => {
    expect(accepted("  \t https://example.com/a \n")).toBe("https://example.com/a");
  });

  it("keeps the destination's query and fragment", () => {
    expect(accepted("https://example.com/p?a=1&b=2#frag")).toBe("https://example.com/p?a=1&b=2#frag");
  });

  it("converts an IDN host to punycode", () => {
    expect(accepted("https://bücher.example/buch")).toBe("https://xn--bcher-kva.example/buch");
    expect(accepted("münchen.de")).toBe("https://xn--mnchen-3ya.de/");
  });

  it("accepts a host that is already punycode unchanged", () => {
    expect(accepted("https://xn--bcher-kva.example/")).toBe("https://xn--bcher-kva.example/");
  });

  it("accepts a public IPv4 address", () => {
    expect(accepted("http://93.184.216.34/")).toBe("http://93.184.216.34/");
  });

  it.each([
    "172.15.255.255",
    "172.32.0.1",
    "192.169.0.1",
    "11.0.0.1",
    "126.255.255.255",
    "169.253.0.1",
    "223.255.255.255",
    "192.0.1.1",
    "198.17.255.255",
    "198.20.0.1",
  ])("accepts the public address %s just outside a private range", (ip) => {
    expect(accepted(`http://${ip}/`)).toBe(`http://${ip}/`);
  });

  it("does not mistake a domain that merely ends with a shortener's name for the shortener", () => {
    expect(accepted("https://notbit.ly/")).toBe("https://notbit.ly/");
    expect(accepted("https://bit.ly.example.com/")).toBe("https://bit.ly.example.com/");
  });

  it("does not mistake a domain that merely ends with an own host's name for an own host", () => {
    expect(accepted("https://mysnip.test/")).toBe("https://mysnip.test/");
  });

  it("accepts a URL of exactly URL_MAX_LENGTH characters", () => {
    const base = "https://example.com/";
    const raw = base + "a".repeat(URL_MAX_LENGTH - base.length);
    expect(raw).toHaveLength(URL_MAX_LENGTH);
    expect(accepted(raw)).toBe(raw);
  });
});

describe("checkDestination: required and length", () => {
  it.each(["", "   ", "\t\n", "\u00a0\ufeff"])("refuses empty or whitespace-only input %j as required", (raw) => {
    expect(refusal(raw)).toBe(MESSAGES.urlRequired);
  });

  it("refuses a URL one character over URL_MAX_LENGTH", () => {
    const base = "https://example.com/";
    expect(refusal(base + "a".repeat(URL_MAX_LENGTH + 1 - base.length))).toBe(TOO_LONG);
  });

  it("checks the length before anything else (an over-long javascript: URL gets the length message)", () => {
    expect(refusal(`javascript:${"a".repeat(URL_MAX_LENGTH)}`)).toBe(TOO_LONG);
  });

  it("refuses a URL that only grows past the limit when normalized (percent-encoding)", () => {
    const raw = `https://example.com/${"é".repeat(400)}`; // 420 characters in, ~2420 after encoding
    expect(raw.length).toBeLessThan(URL_MAX_LENGTH);
    expect(refusal(raw)).toBe(TOO_LONG);
  });

  it("refuses input without a scheme that only passes the limit once https:// is added", () => {
    const raw = `example.com/${"a".repeat(URL_MAX_LENGTH - "example.com/".length)}`;
    expect(raw).toHaveLength(URL_MAX_LENGTH);
    expect(refusal(raw)).toBe(TOO_LONG);
  });

  it("measures the length after trimming, so padding does not count", () => {
    const base = "https://example.com/";
    const raw = base + "a".repeat(URL_MAX_LENGTH - base.length);
    expect(accepted(`   ${raw}   `)).toBe(raw);
  });
});

describe("checkDestination: schemes", () => {
  it.each([
    ["javascript:alert(1)"],
    ["JAVASCRIPT:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["javascript://example.com/%0aalert(1)"],
    ["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["DATA:text/html,<script>alert(1)</script>"],
    ["vbscript:msgbox(1)"],
    ["VBScript:msgbox(1)"],
    ["file:///etc/passwd"],
    ["FILE://server/share"],
    ["ftp://example.com/file"],
    ["mailto:someone@example.com"],
    ["blob:https://example.com/uuid"],
    ["ws://example.com/socket"],
  ])("refuses the non-http scheme in %j", (raw) => {
    expect(refusal(raw)).toBe(MESSAGES.urlScheme);
  });

  it("refuses a javascript: scheme behind leading whitespace (it is trimmed, then seen)", () => {
    expect(refusal("   javascript:alert(1)")).toBe(MESSAGES.urlScheme);
    expect(refusal("\n\tjavascript:alert(1)")).toBe(MESSAGES.urlScheme);
    expect(refusal("\ufeffjavascript:alert(1)")).toBe(MESSAGES.urlScheme);
  });

  it("refuses a javascript: scheme disguised with a tab", () => {
    expect(refusal("java\tscript:alert(1)")).toBe(MESSAGES.urlInvalid);
  });

  it.each([
    ["a newline", "java\nscript:alert(1)"],
    ["a carriage return", "java\rscript:alert(1)"],
    ["a space", "java script:alert(1)"],
    ["a NUL", "java\u0000script:alert(1)"],
    ["a leading control character", "\u0001javascript:alert(1)"],
    ["a DEL", "javascript\u007f:alert(1)"],
    ["a zero-width space", "jav\u200bascript:alert(1)"],
    ["a non-breaking space", "java\u00a0script:alert(1)"],
    ["a line separator", "java\u2028script:alert(1)"],
    ["a byte-order mark", "java\ufeffscript:alert(1)"],
    ["an ideographic space", "java\u3000script:alert(1)"],
  ])("refuses a javascript: scheme disguised with %s", (_label, raw) => {
    expect(refusal(raw)).toBe(MESSAGES.urlInvalid);
  });

  it("refuses whitespace inside an otherwise valid https URL", () => {
    expect(refusal("https://exa mple.com/")).toBe(MESSAGES.urlInvalid);
    expect(refusal("https://example.com/a b")).toBe(MESSAGES.urlInvalid);
    expect(refusal("https://example.com/\ta")).toBe(MESSAGES.urlInvalid);
  });

  it.each(["javascript%3Aalert(1)", "%6Aavascript:alert(1)", "&#106;avascript:alert(1)", "javascript&colon;alert(1)"])(
    "refuses an encoded javascript scheme %j",
    (raw) => {
      expect(check(raw).ok).toBe(false);
    },
  );

  it.each(["https:example.com", "http:/example.com", "https:\\\\example.com"])("refuses an http(s) URL %j without //", (raw) => {
    expect(refusal(raw)).toBe(MESSAGES.urlInvalid);
  });

  it.each(["https://", "http://a<b.com/", "https://exa%00mple.com/"])("refuses the unparseable URL %j", (raw) => {
    expect(refusal(raw)).toBe(MESSAGES.urlInvalid);
  });
});

describe("checkDestination: userinfo", () => {
  it.each([
    "https://user:pass@example.com/",
    "https://user@example.com/",
    "https://:pass@example.com/",
    "https://@example.com/",
    "user@example.com",
    "//user@example.com/",
    "https://bank.example@evil.example/",
    "HTTPS://USER@EXAMPLE.COM/",
  ])("refuses userinfo in %j", (raw) => {
    expect(refusal(raw)).toBe(MESSAGES.urlUserinfo);
  });

  it("accepts an @ in the path or query, which is not userinfo", () => {
    expect(accepted("https://example.com/@user?by=a@b.c")).toBe("https://example.com/@user?by=a@b.c");
  });
});

describe("checkDestination: own hosts, shorteners and banned domains", () => {
  it.each([
    "https://snip.test/abc",
    "snip.test/abc",
    "https://SNIP.TEST/abc",
    "https://www.snip.test/abc",
    "https://app.snip.test/abc",
    "https://app.snip.test:8787/abc",
    "https://snip.test:443/abc",
    "https://go.brand.example/abc",
  ])("refuses the own host in %s (a loop)", (raw) => {
    expect(refusal(raw)).toBe(MESSAGES.urlOwnHost);
  });

  it.each(KNOWN_SHORTENERS.map((s) => [s]))("refuses the known shortener %s and its subdomains", (shortener) => {
    expect(refusal(`https://${shortener}/abc`)).toBe(MESSAGES.urlShortener);
    expect(refusal(`${shortener.toUpperCase()}/abc`)).toBe(MESSAGES.urlShortener);
    expect(refusal(`http://www.${shortener}/abc`)).toBe(MESSAGES.urlShortener);
  });

  it("refuses a shortener written with IDN look-alikes that normalize to it (full-width letters, ideographic dot)", () => {
    expect(refusal("https://ｂｉｔ.ｌｙ/abc")).toBe(MESSAGES.urlShortener);
    expect(refusal("bit。ly/abc")).toBe(MESSAGES.urlShortener);
  });

  it.each([...BANNED_DOMAINS, "evil.example"])("refuses the banned domain %s and its subdomains", (domain) => {
    expect(refusal(`https://${domain}/x`)).toBe(MESSAGES.urlBanned);
    expect(refusal(`https://sub.${domain.toUpperCase()}/x`)).toBe(MESSAGES.urlBanned);
  });

  it("applies the built-in banned list even when the context gives none", () => {
    expect(refusal("https://phishing.example/", { ownHosts: [] })).toBe(MESSAGES.urlBanned);
  });

  it("checks own hosts before shorteners, and shorteners before banned domains", () => {
    const context = { ownHosts: ["bit.ly"], bannedDomains: ["bit.ly", "t.co"] };
    expect(refusal("https://bit.ly/x", context)).toBe(MESSAGES.urlOwnHost);
    expect(refusal("https://t.co/x", context)).toBe(MESSAGES.urlShortener);
  });
});

describe("checkDestination: non-public hosts", () => {
  it.each([
    "https://localhost/",
    "http://localhost:3000/",
    "http://LOCALHOST/",
    "https://intranet/",
    "intranet",
    "https://app.localhost/",
    "https://printer.local/",
    "https://metadata.google.internal/",
  ])("refuses the non-public name in %s", (raw) => {
    expect(refusal(raw)).toBe(MESSAGES.urlHost);
  });

  it("reads a single-label host:port without a scheme as a host, and refuses it as not public", () => {
    expect(refusal("localhost:3000")).toBe(MESSAGES.urlHost);
    expect(refusal("intranet:8080/x")).toBe(MESSAGES.urlHost);
  });

  it.each([
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "10.255.255.255",
    "127.0.0.1",
    "127.255.255.254",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "192.168.255.255",
    "192.0.0.8",
    "198.18.0.1",
    "198.19.255.254",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
  ])("refuses the private or reserved IPv4 address %s", (ip) => {
    expect(refusal(`http://${ip}/`)).toBe(MESSAGES.urlHost);
    expect(refusal(`${ip}/x`)).toBe(MESSAGES.urlHost);
  });

  it.each([
    ["decimal", "http://2130706433/"],
    ["hexadecimal", "http://0x7f000001/"],
    ["dotted hex", "http://0x7f.0.0.1/"],
    ["octal", "http://0177.0.0.1/"],
    ["short form", "http://127.1/"],
    ["trailing dot", "http://127.0.0.1./"],
    ["full-width digits", "http://１２７.０.０.１/"],
  ])("refuses a loopback address written in %s notation", (_label, raw) => {
    expect(refusal(raw)).toBe(MESSAGES.urlHost);
  });

  it.each(["http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://[fe80::1]/", "http://[fd00::1]/", "https://[2606:4700:4700::1111]/"])(
    "refuses the IPv6 literal in %s",
    (raw) => {
      expect(refusal(raw)).toBe(MESSAGES.urlHost);
    },
  );
});

/**
 * A fully-qualified name with a trailing dot ("bit.ly.") is the same DNS name as "bit.ly":
 * every host rule must see through it.
 */
describe("checkDestination: hosts written as fully-qualified names (trailing dot)", () => {
  it.each([
    ["https://bit.ly./abc", MESSAGES.urlShortener],
    ["https://snip.test./abc", MESSAGES.urlOwnHost],
    ["https://phishing.example./", MESSAGES.urlBanned],
    ["https://localhost./", MESSAGES.urlHost],
    ["https://intranet./", MESSAGES.urlHost],
    ["https://printer.local./", MESSAGES.urlHost],
    ["https://metadata.google.internal./", MESSAGES.urlHost],
  ])("refuses %s like the same name without the trailing dot", (raw, message) => {
    expect(refusal(raw)).toBe(message);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const CONTROL_OR_WHITESPACE = [
  " ",
  "\t",
  "\n",
  "\r",
  "\u000b",
  "\u000c",
  "\u0000",
  "\u0001",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u1680",
  "\u2000",
  "\u200b",
  "\u2028",
  "\u3000",
  "\ufeff",
];
const controlPrefix = fc.array(fc.constantFrom(...CONTROL_OR_WHITESPACE), { maxLength: 4 }).map((cs) => cs.join(""));

const SCHEMES = ["javascript", "JAVASCRIPT", "data", "vbscript", "file", "ftp", "http", "https", "mailto", "jav\tascript", "java script"];
const DANGEROUS_SCHEMES = [
  "javascript",
  "data",
  "vbscript",
  "file",
  "ftp",
  "mailto",
  "jav\tascript",
  "java script",
  "java\nscript",
  "javascript\u0000",
];

const schemeRest = fc.oneof(
  fc.constantFrom(
    "alert(1)",
    "//example.com/",
    "//bit.ly/x",
    "//snip.test/abc",
    "text/html;base64,PHNjcmlwdD4=",
    "///etc/passwd",
    "//user@example.com/",
    "1/",
    "8080",
  ),
  fc.string({ maxLength: 40 }),
  fc.webUrl().map((u) => u.replace(/^https?:/, "")),
);

/** `${prefix}${scheme}:${rest}` with the scheme in random case and a random whitespace/control prefix. */
const schemeish = fc
  .tuple(controlPrefix, fc.mixedCase(fc.constantFrom(...SCHEMES)), schemeRest)
  .map(([prefix, scheme, rest]) => `${prefix}${scheme}:${rest}`);

const webUrls = fc.webUrl({
  validSchemes: ["http", "https", "HTTP", "ftp", "javascript"],
  withFragments: true,
  withQueryParameters: true,
  authoritySettings: { withUserInfo: true, withPort: true, withIPv4: true, withIPv6: true, withIPv4Extended: true },
});

describe("checkDestination: properties", () => {
  it("never throws and only accepts safe http(s) URLs, for any ASCII string", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120, size: "medium" }), (raw) => expectSafeAnswer(raw)),
      { numRuns: 2000 },
    );
  });

  it("never throws and only accepts safe http(s) URLs, for any Unicode string (graphemes)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60, size: "medium" }), (raw) => expectSafeAnswer(raw)),
      { numRuns: 1000 },
    );
  });

  it("never throws and only accepts safe http(s) URLs, for any string of code points (incl. lone surrogates)", () => {
    const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary", maxLength: 60, size: "medium" }),
          fc.string({ unit: anyCodeUnit, maxLength: 60, size: "medium" }),
        ),
        (raw) => expectSafeAnswer(raw),
      ),
      { numRuns: 1000 },
    );
  });

  it("never throws and only accepts safe http(s) URLs, for generated web URLs (userinfo, ports, IPs)", () => {
    fc.assert(
      fc.property(webUrls, (raw) => expectSafeAnswer(raw)),
      { numRuns: 1000 },
    );
  });

  it("never throws and only accepts safe http(s) URLs, for scheme-like strings behind whitespace/control prefixes", () => {
    fc.assert(
      fc.property(schemeish, (raw) => expectSafeAnswer(raw)),
      { numRuns: 2000 },
    );
  });

  it("never throws and only accepts safe URLs near the length limit", () => {
    const longUrl = fc
      .tuple(
        fc.constantFrom("https://example.com/", "example.com/", "https://bücher.example/", "http://93.184.216.34/"),
        fc.integer({ min: 2000, max: 2100 }),
        fc.constantFrom("a", "é", "%20", "€", "🙂"),
      )
      .map(([base, n, unit]) => base + unit.repeat(Math.ceil((n - base.length) / unit.length)));
    fc.assert(
      fc.property(longUrl, (raw) => expectSafeAnswer(raw)),
      { numRuns: 500 },
    );
  });

  it("refuses every dangerous or disguised scheme, in any letter case, behind any whitespace/control prefix", () => {
    const dangerous = fc
      .tuple(controlPrefix, fc.mixedCase(fc.constantFrom(...DANGEROUS_SCHEMES)), schemeRest)
      .map(([prefix, scheme, rest]) => `${prefix}${scheme}:${rest}`);
    fc.assert(
      fc.property(dangerous, (raw) => {
        const result = check(raw);
        expect(result.ok, `accepted ${JSON.stringify(raw)}`).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts any ordinary public domain over http(s), normalized to lower case", () => {
    const excluded = [...OWN_HOSTS, ...KNOWN_SHORTENERS, ...BANNED_DOMAINS, "evil.example", "localhost", "local", "internal"];
    const domain = fc
      .domain()
      .filter((d) => !excluded.some((e) => isUnder(d, e)) && !d.split(".").some((label) => label.slice(2, 4) === "--"));
    fc.assert(
      fc.property(domain, fc.constantFrom("https://", "http://", "", "//"), fc.constantFrom("", "/", "/a?b=c#d"), (host, scheme, path) => {
        const url = accepted(`${scheme}${host}${path}`);
        const parsed = new URL(url);
        expect(parsed.hostname).toBe(host.toLowerCase());
        expect(parsed.protocol).toBe(scheme === "http://" ? "http:" : "https:");
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses own hosts, shorteners and banned domains however they are spelled (case, subdomain, port, trailing dot)", () => {
    const target = fc.oneof(
      fc.constantFrom(...OWN_HOSTS.map((h) => bareHost(h))).map((h) => [h, MESSAGES.urlOwnHost] as const),
      fc.constantFrom(...KNOWN_SHORTENERS).map((h) => [h, MESSAGES.urlShortener] as const),
      fc.constantFrom(...BANNED_DOMAINS, "evil.example").map((h) => [h, MESSAGES.urlBanned] as const),
    );
    const spelled = fc.record({
      target,
      scheme: fc.constantFrom("https://", "http://", "HTTPS://", "//", ""),
      sub: fc.constantFrom("", "www.", "a.b.", "x-1."),
      upper: fc.boolean(),
      dot: fc.boolean(),
      port: fc.constantFrom("", ":443", ":8787"),
      path: fc.constantFrom("", "/", "/abc?x=1#y"),
    });
    fc.assert(
      fc.property(spelled, ({ target: [host, message], scheme, sub, upper, dot, port, path }) => {
        const name = `${sub}${upper ? host.toUpperCase() : host}${dot ? "." : ""}`;
        const raw = `${scheme}${name}${port}${path}`;
        expect(check(raw), raw).toEqual({ ok: false, message });
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses local names and private addresses however they are spelled (case, subdomain, port, trailing dot)", () => {
    const spelled = fc.record({
      host: fc.constantFrom(
        "localhost",
        "app.localhost",
        "printer.local",
        "db.internal",
        "intranet",
        "10.1.2.3",
        "127.0.0.1",
        "192.168.1.10",
        "2130706433",
        "[::1]",
      ),
      scheme: fc.constantFrom("https://", "http://", "//", ""),
      upper: fc.boolean(),
      dot: fc.boolean(),
      port: fc.constantFrom("", ":80", ":3000"),
    });
    fc.assert(
      fc.property(spelled, ({ host, scheme, upper, dot, port }) => {
        const name = `${upper ? host.toUpperCase() : host}${dot && !host.startsWith("[") ? "." : ""}`;
        const raw = `${scheme}${name}${port}/`;
        expect(check(raw), raw).toEqual({ ok: false, message: MESSAGES.urlHost });
      }),
      { numRuns: 1000 },
    );
  });
});

describe("destinationSchema", () => {
  const schema = destinationSchema(CONTEXT);

  it("outputs the normalized URL", () => {
    expect(schema.parse("example.com/a")).toBe("https://example.com/a");
  });

  it("answers a non-string with the required message", () => {
    for (const value of [undefined, null, 42, {}, ["https://example.com"]]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.urlRequired]);
    }
  });

  it.each([
    ["", MESSAGES.urlRequired],
    ["javascript:alert(1)", MESSAGES.urlScheme],
    ["https://bit.ly/x", MESSAGES.urlShortener],
    ["https://snip.test/x", MESSAGES.urlOwnHost],
    ["https://user@example.com", MESSAGES.urlUserinfo],
    ["http://localhost/", MESSAGES.urlHost],
    ["https://www.evil.example/", MESSAGES.urlBanned],
  ])("reports the refusal of %j as exactly one issue with the rule's message", (raw, message) => {
    const result = schema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it("never throws for any value, and on success yields an http(s) URL string", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), webUrls, fc.string()), (value) => {
        const result = schema.safeParse(value);
        if (result.success) {
          expect(typeof result.data).toBe("string");
          expect(result.data).toMatch(/^https?:\/\//);
          expect(["http:", "https:"]).toContain(new URL(result.data).protocol);
        } else {
          expect(result.error.issues.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("succeeds exactly when checkDestination accepts, with the same URL", () => {
    fc.assert(
      fc.property(fc.oneof(webUrls, schemeish, fc.string()), (raw) => {
        const direct = checkDestination(raw, CONTEXT);
        const parsed = schema.safeParse(raw);
        expect(parsed.success).toBe(direct.ok);
        if (direct.ok && parsed.success) expect(parsed.data).toBe(direct.url);
        if (!direct.ok && !parsed.success) expect(parsed.error.issues.map((i) => i.message)).toEqual([direct.message]);
      }),
      { numRuns: 500 },
    );
  });
});

describe("checkDestination: own hosts given with a port (local runs)", () => {
  const local = { ownHosts: ["localhost:8787"] };
  it("calls a link to the service's own host and port a loop", () => {
    expect(checkDestination("http://localhost:8787/abc", local)).toEqual({ ok: false, message: MESSAGES.urlOwnHost });
  });
  it("treats the same name on another port as a non-public address, not as Snip", () => {
    expect(checkDestination("http://localhost:3000/abc", local)).toEqual({ ok: false, message: MESSAGES.urlHost });
  });
});
