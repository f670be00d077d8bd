/**
 * Pixel ids (docs/decisions/047): each kind's strict pattern, the stored copy read defensively,
 * and each kind's request built from its fixed template with the id URL-encoded.
 */
import { describe, expect, it } from "vitest";
import { isValidPixelId, normalizePixelId, parseStoredPixels, pixelImageHosts, pixelRequestUrl } from "../../domain/pixels";

describe("pixel ids", () => {
  it("accepts each kind's ids and nothing else", () => {
    expect(isValidPixelId("meta", "123456789012345")).toBe(true);
    expect(isValidPixelId("meta", "12345")).toBe(false);
    expect(isValidPixelId("meta", "123456789012345\n")).toBe(false);
    expect(isValidPixelId("meta", "<script>alert(1)</script>")).toBe(false);
    expect(isValidPixelId("google", "G-AB12CD34EF")).toBe(true);
    expect(isValidPixelId("google", "AW-123456789")).toBe(true);
    expect(isValidPixelId("google", "AW-12345678A")).toBe(false);
    expect(isValidPixelId("google", "G-AB12CD34EF');alert(1);//")).toBe(false);
    expect(isValidPixelId("google", "UA-1234-1")).toBe(false);
    expect(isValidPixelId("linkedin", "1234567")).toBe(true);
    expect(isValidPixelId("linkedin", "12 34")).toBe(false);
    expect(normalizePixelId("google", " g-ab12cd34ef ")).toBe("G-AB12CD34EF");
    expect(normalizePixelId("meta", " 123 ")).toBe("123");
  });

  it("reads a stored copy defensively", () => {
    expect(parseStoredPixels(null)).toEqual([]);
    expect(parseStoredPixels("not json")).toEqual([]);
    expect(parseStoredPixels('{"meta":"1"}')).toEqual([]);
    expect(
      parseStoredPixels(
        JSON.stringify([
          ["meta", "123456789012345"],
          ["meta", '1"><img src=x onerror=alert(1)>'],
          ["tiktok", "ABC"],
          ["google", "AW-123456789", "extra"],
          ["linkedin", "1234567"],
        ]),
      ),
    ).toEqual([
      ["meta", "123456789012345"],
      ["linkedin", "1234567"],
    ]);
  });

  it("builds each request from the kind's template, the page URL encoded", () => {
    const page = "https://snip.example/abc?x=1&y=2";
    expect(pixelRequestUrl(["meta", "123456789012345"], page)).toBe(
      "https://www.facebook.com/tr?id=123456789012345&ev=PageView&noscript=1",
    );
    expect(pixelRequestUrl(["google", "G-AB12CD34EF"], page)).toBe(
      "https://www.google-analytics.com/g/collect?v=2&tid=G-AB12CD34EF&en=page_view&dl=https%3A%2F%2Fsnip.example%2Fabc%3Fx%3D1%26y%3D2",
    );
    expect(pixelRequestUrl(["google", "AW-123456789"], page)).toBe(
      "https://googleads.g.doubleclick.net/pagead/viewthroughconversion/123456789/?guid=ON&script=0&url=https%3A%2F%2Fsnip.example%2Fabc%3Fx%3D1%26y%3D2",
    );
    expect(pixelRequestUrl(["linkedin", "1234567"], page)).toBe("https://px.ads.linkedin.com/collect/?pid=1234567&fmt=gif");
    expect(
      pixelImageHosts([
        ["meta", "1234567890"],
        ["meta", "1234567891"],
        ["linkedin", "1234"],
      ]),
    ).toEqual(["https://www.facebook.com", "https://px.ads.linkedin.com"]);
  });
});
