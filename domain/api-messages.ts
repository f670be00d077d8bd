/**
 * Messages of the JSON calls under /app/api and of the browser's global error handling
 * (spec 01 §8 "Global handling", §8 "Other messages"). Spec texts are verbatim; the rest is
 * Snip's own wording, kept here so the server, the browser and the tests agree.
 */
export const API_MESSAGES = {
  // spec 01 §8, verbatim
  invalidTitle: "Invalid",
  generic: "An error has occurred, please try again.",
  sessionExpired: "Session expired",
  paymentRequired: "Payment Required",
  permissionDenied: "Permission denied.",
  notFound: "Not Found",
  securityCheck: "Security check fails",
  notAuthorized: "Not authorized",
  // Snip's own wording
  invalidData: "The given data was invalid.",
  methodNotAllowed: "Method Not Allowed",
  unsupportedMediaType: "Send the data as JSON or as a form.",
  payloadTooLarge: "The request body is too large.",
  invalidJson: "The request body must be valid JSON.",
  bodyNotObject: "The request body must be an object of fields.",
  notAString: (field: string) => `The ${field} field must be a string.`,
  passwordConfirmTitle: "Confirm your password",
  passwordConfirmLead: "For your security, please confirm your password to continue.",
} as const;
