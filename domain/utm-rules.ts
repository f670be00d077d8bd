/**
 * The UTM parameters builder (spec 02 §5, §9): field rules and messages, the two sample presets,
 * and rebuilding a destination with its utm_* parameters. Browser-safe (no zod): the creation
 * form imports it directly; domain/utm.ts adds the schema and re-exports all of it.
 */

export const UTM_FIELDS = ["source", "medium", "campaign", "term", "content"] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type UtmKey = `utm_${UtmField}`;
export type UtmValues = Record<UtmKey, string>;

export const UTM_KEYS: readonly UtmKey[] = UTM_FIELDS.map((field) => `utm_${field}` as const);

/** Required fields and maximum lengths (spec 02 §5 table). */
export const UTM_RULES: Readonly<Record<UtmField, { required: boolean; max: number }>> = {
  source: { required: true, max: 100 },
  medium: { required: true, max: 50 },
  campaign: { required: true, max: 150 },
  term: { required: false, max: 50 },
  content: { required: false, max: 100 },
};

export const UTM_MESSAGES = {
  required: (field: UtmField) => `The utm ${field} field is required.`,
  max: (field: UtmField, max: number) => `The utm ${field} must not be greater than ${max}.`,
  notAString: (field: UtmField) => `The utm ${field} must be a string.`,
} as const;

export const UTM_PRESET_NAME_MAX_LENGTH = 60;

export interface UtmPreset extends UtmValues {
  id: string;
  name: string;
}

/** The two hard-coded sample presets loaded in the builder (spec 02 §9). */
export const SAMPLE_UTM_PRESETS: readonly UtmPreset[] = [
  {
    id: "sample-a",
    name: "Sample preset A",
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "spring_sale",
    utm_term: "",
    utm_content: "header_link",
  },
  {
    id: "sample-b",
    name: "Sample preset B",
    utm_source: "facebook",
    utm_medium: "social",
    utm_campaign: "product_launch",
    utm_term: "",
    utm_content: "",
  },
];

/** The first message for one field's value, or null when it is acceptable. */
export function checkUtmField(field: UtmField, value: string): string | null {
  const rule = UTM_RULES[field];
  const trimmed = value.trim();
  if (rule.required && trimmed === "") return UTM_MESSAGES.required(field);
  if (trimmed.length > rule.max) return UTM_MESSAGES.max(field, rule.max);
  return null;
}

/** Removes every utm_* parameter of the builder from a URL; input that is not a URL is returned as is. */
export function stripUtm(destination: string): string {
  return applyUtm(destination, { utm_source: "", utm_medium: "", utm_campaign: "", utm_term: "", utm_content: "" });
}

/**
 * The destination with its utm_* parameters replaced by the given values: existing ones are
 * removed, empty ones dropped, the rest appended URL-encoded in the builder's order. Other
 * parameters and the fragment are kept as they were.
 */
export function applyUtm(destination: string, values: Partial<UtmValues>): string {
  const hashAt = destination.indexOf("#");
  const beforeHash = hashAt === -1 ? destination : destination.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : destination.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? "" : beforeHash.slice(queryAt + 1);
  const kept = query.split("&").filter((pair) => {
    if (pair === "") return false;
    const name = safeDecode(pair.split("=", 1)[0]!).toLowerCase();
    return !(UTM_KEYS as readonly string[]).includes(name);
  });
  for (const key of UTM_KEYS) {
    const value = (values[key] ?? "").trim();
    if (value !== "") kept.push(`${key}=${encodeURIComponent(value)}`);
  }
  return base + (kept.length ? `?${kept.join("&")}` : "") + hash;
}

/** Whether a destination carries any of the builder's utm_* parameters. */
export function hasUtm(destination: string): boolean {
  return stripUtm(destination) !== destination;
}

/** The builder's values read from a destination (empty strings for absent ones). */
export function readUtm(destination: string): UtmValues {
  const values: UtmValues = { utm_source: "", utm_medium: "", utm_campaign: "", utm_term: "", utm_content: "" };
  const beforeHash = destination.split("#", 1)[0]!;
  const queryAt = beforeHash.indexOf("?");
  if (queryAt === -1) return values;
  for (const pair of beforeHash.slice(queryAt + 1).split("&")) {
    const [name = "", ...rest] = pair.split("=");
    const key = safeDecode(name).toLowerCase();
    if ((UTM_KEYS as readonly string[]).includes(key)) values[key as UtmKey] = safeDecode(rest.join("=").replace(/\+/g, " "));
  }
  return values;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
