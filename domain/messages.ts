/**
 * User-visible messages. Texts that the specification gives are used verbatim;
 * the others are Snip's own wording, kept here so forms, the API and tests agree.
 */
export const MESSAGES = {
  // spec 02 §4 / §5
  urlRequired: "The URL field is required.",
  // Snip's own wording for destination rules the spec leaves to us
  urlInvalid: "The URL format is invalid.",
  urlScheme: "Only http and https links can be shortened.",
  urlUserinfo: "Links with a username or password in them can't be shortened.",
  urlTooLong: (max: number) => `The URL must not be greater than ${max} characters.`,
  urlHost: "The URL must point to a public web address.",
  urlOwnHost: "This is already a Snip link; shortening it again would create a loop.",
  urlShortener: "Links to other URL shorteners can't be shortened.",
  urlBanned: "Links to this domain are not allowed.",
  aliasCharset: "The alias may only contain letters, numbers, dashes and underscores.",
  aliasMin: (min: number) => `The alias must be at least ${min} characters.`,
  aliasMax: (max: number) => `The alias must not be greater than ${max} characters.`,
  aliasReserved: "This alias is reserved.",
  aliasTaken: "The alias has already been taken.",
  // spec 02 §8 plan-limit dialog
  planLimitTitle: "You’ve hit your plan’s limit for creating links",
  planLimitBody: "Turn on overages or upgrade your plan to continue shortening links.",
  // spec 02 §2, §8: the default body of a popover (the bar's Create, when its form cannot be loaded)
  pageNotFound: "Page not found",
  // spec 01 §8
  permissionDenied: "Permission denied.",
  // Snip's own: a post whose intent the page does not offer (a stale or hand-made form); nothing changes
  unknownAction: "Choose an action.",
  // spec 01 §5
  generic: "Something went wrong. Please try again or contact customer support.",
} as const;
