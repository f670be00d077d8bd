/** The fixed SEO title and description (spec 01 §2: "The page title and description are fixed SEO text"). */
export const SEO_TITLE = "Snip — Short links, QR codes and link analytics";
export const SEO_DESCRIPTION =
  "Snip shortens long links into short, memorable ones you can share anywhere, with custom aliases, QR codes, link expiry and click analytics.";

/**
 * The title of pages that set none. Pages may name themselves (docs/decisions/040); the
 * description is the same fixed text on every page (rendered by the root layout, which a page's
 * own `meta` cannot replace).
 */
export function seoMeta() {
  return [{ title: SEO_TITLE }];
}

/** The fixed description tags of every page. */
export const SEO_DESCRIPTION_TAGS = [
  { name: "description", content: SEO_DESCRIPTION },
  { property: "og:title", content: SEO_TITLE },
  { property: "og:description", content: SEO_DESCRIPTION },
] as const;
