/**
 * Pixel scripts (issue 20, docs/decisions/047): a workspace's retargeting pixels, by kind and
 * id only. Nothing a user types is ever emitted as script: an id is checked against its kind's
 * strict pattern when saved, and the page the redirect worker answers builds each pixel's
 * request from a fixed template per kind (an image request to the kind's documented no-script
 * endpoint), with the id URL-encoded and the whole HTML-escaped.
 */

export const PIXEL_KINDS = ["meta", "google", "linkedin"] as const;
export type PixelKind = (typeof PIXEL_KINDS)[number];

/** What the hot path's record carries for an opted-in link: `[kind, id]` pairs. */
export type PixelTag = [PixelKind, string];

/** At most this many pixels per workspace: the record stays small, the page fires a handful of requests. */
export const MAX_PIXELS_PER_WORKSPACE = 10;
export const PIXEL_NAME_MAX_LENGTH = 60;

export const PIXEL_KIND_LABELS: Record<PixelKind, string> = {
  meta: "Meta Pixel",
  google: "Google tag",
  linkedin: "LinkedIn Insight Tag",
};

export const PIXEL_ID_HINTS: Record<PixelKind, string> = {
  meta: "The Pixel ID: 10 to 20 digits, for example 123456789012345.",
  google: "A Google Analytics measurement ID (G-…) or a Google Ads tag ID (AW-…), for example G-AB12CD34EF.",
  linkedin: "The Partner ID: 4 to 12 digits, for example 1234567.",
};

/** The id patterns: anchored, ASCII letters, digits and one dash at most. */
export const PIXEL_ID_PATTERNS: Record<PixelKind, RegExp> = {
  meta: /^[0-9]{10,20}$/,
  google: /^(?:G-[A-Z0-9]{6,16}|AW-[0-9]{6,14})$/,
  linkedin: /^[0-9]{4,12}$/,
};

export const PIXEL_MESSAGES = {
  kindRequired: "Choose the kind of pixel.",
  idRequired: "Enter the pixel's ID.",
  idInvalid: (kind: PixelKind) => `This is not a valid ${PIXEL_KIND_LABELS[kind]} ID. ${PIXEL_ID_HINTS[kind]}`,
  nameMax: `The name can be at most ${PIXEL_NAME_MAX_LENGTH} characters.`,
  duplicate: "This pixel is already in your list.",
  tooMany: `You can add at most ${MAX_PIXELS_PER_WORKSPACE} pixels.`,
  added: "The pixel was added. Links that fire pixels fire it from now on.",
  deleted: "The pixel was deleted.",
  missing: "This pixel does not exist any more.",
} as const;

export function isPixelKind(value: unknown): value is PixelKind {
  return typeof value === "string" && (PIXEL_KINDS as readonly string[]).includes(value);
}

/** Upper-cases a Google id (ids are case-insensitive there); trims every id. */
export function normalizePixelId(kind: PixelKind, id: string): string {
  const trimmed = id.trim();
  return kind === "google" ? trimmed.toUpperCase() : trimmed;
}

export function isValidPixelId(kind: PixelKind, id: string): boolean {
  return PIXEL_ID_PATTERNS[kind].test(id);
}

/**
 * A stored `links.pixels` value (JSON of PixelTag[]) read defensively: anything that is not a
 * valid pair of a known kind and a valid id is dropped, so a corrupt row can never put text of
 * its own on the page.
 */
export function parseStoredPixels(stored: string | null | undefined): PixelTag[] {
  if (!stored) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const tags: PixelTag[] = [];
  for (const item of value) {
    if (!Array.isArray(item) || item.length !== 2) continue;
    const [kind, id] = item as unknown[];
    if (isPixelKind(kind) && typeof id === "string" && isValidPixelId(kind, id)) tags.push([kind, id]);
  }
  return tags.slice(0, MAX_PIXELS_PER_WORKSPACE);
}

/** The hosts each kind's request goes to: the page's CSP allows images from these only. */
export const PIXEL_HOSTS: Record<PixelKind, string[]> = {
  meta: ["https://www.facebook.com"],
  google: ["https://www.google-analytics.com", "https://googleads.g.doubleclick.net"],
  linkedin: ["https://px.ads.linkedin.com"],
};

/**
 * The request that fires a pixel: each kind's documented no-script (image) endpoint, so no
 * third-party script ever runs on the short host's origin. `page` is the short link's URL.
 */
export function pixelRequestUrl([kind, id]: PixelTag, page: string): string {
  const pid = encodeURIComponent(id);
  switch (kind) {
    case "meta":
      return `https://www.facebook.com/tr?id=${pid}&ev=PageView&noscript=1`;
    case "linkedin":
      return `https://px.ads.linkedin.com/collect/?pid=${pid}&fmt=gif`;
    case "google":
      return id.startsWith("AW-")
        ? `https://googleads.g.doubleclick.net/pagead/viewthroughconversion/${encodeURIComponent(id.slice(3))}/?guid=ON&script=0&url=${encodeURIComponent(page)}`
        : `https://www.google-analytics.com/g/collect?v=2&tid=${pid}&en=page_view&dl=${encodeURIComponent(page)}`;
  }
}

/** The CSP img-src of a page firing these pixels: their kinds' hosts, nothing else. */
export function pixelImageHosts(tags: readonly PixelTag[]): string[] {
  const hosts = new Set<string>();
  for (const [kind] of tags) for (const host of PIXEL_HOSTS[kind]) hosts.add(host);
  return [...hosts];
}
