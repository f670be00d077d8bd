/**
 * The routing editor's rules (issue 20, docs/decisions/037), for the dashboard's form and the
 * REST API alike: one zod schema per rule, whose output is a normalized RouteRule. Destinations
 * pass the link's own destination rules (domain/url.ts). The messages are the fields' texts.
 */
import { z } from "zod";
import {
  BROWSERS,
  DEVICE_TYPES,
  MAX_ROUTE_VALUES,
  MAX_ROUTES_PER_LINK,
  newRouteId,
  OPERATING_SYSTEMS,
  ROUTE_CONDITIONS,
  ROUTE_ID_PATTERN,
  type RouteCondition,
  type RouteRule,
} from "../../domain/redirect-routes";
import { checkDestination, type DestinationContext } from "../../domain/url";
import { MESSAGES } from "../../domain/messages";

export const ROUTE_MESSAGES = {
  notInPlan: "Redirect routes are not included in your plan. Upgrade to Pro or Enterprise to send visitors to different destinations.",
  conditionRequired: "Choose what the rule checks.",
  /** A post whose intent the editor does not send (a stale or crafted form): nothing is saved. */
  unknownAction: MESSAGES.unknownAction,
  valuesRequired: "Enter at least one value.",
  valuesMax: `A rule has at most ${MAX_ROUTE_VALUES} values.`,
  country: "Countries are two-letter codes, such as US or FR.",
  region: "Regions are a country code and a region code, such as US-CA or FR-IDF.",
  device: `Device types are ${Object.keys(DEVICE_TYPES).join(", ")}.`,
  os: `Operating systems are ${Object.keys(OPERATING_SYSTEMS).join(", ")}.`,
  browser: `Browsers are ${Object.keys(BROWSERS).join(", ")}.`,
  language: "Languages are codes such as en, fr or pt-BR.",
  referrer: "Referrer hosts are names such as news.example.com, without https://.",
  timeRequired: "Enter a start and an end time as HH:MM (UTC).",
  timeSame: "The start and the end time must differ.",
  tooMany: `A link has at most ${MAX_ROUTES_PER_LINK} routing rules.`,
  /** A plan's max_redirects below the ceiling (docs/decisions/038). */
  planMax: (max: number) => `Your plan allows ${max} routing rule${max === 1 ? "" : "s"} on a link. Upgrade your plan for more.`,
  saved: "Routing rules saved.",
} as const;

const VALUE_PATTERNS: Record<Exclude<RouteCondition, "time">, RegExp> = {
  country: /^[A-Z]{2}$/,
  region: /^[A-Z]{2}-[A-Z0-9]{1,3}$/,
  device: new RegExp(`^(${Object.keys(DEVICE_TYPES).join("|")})$`),
  os: new RegExp(`^(${Object.keys(OPERATING_SYSTEMS).join("|")})$`),
  browser: new RegExp(`^(${Object.keys(BROWSERS).join("|")})$`),
  language: /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/,
  referrer: /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/,
};

/** Values as written: upper-case codes for places, lower-case for the rest; names of devices, OSs and browsers are accepted too. */
function normalizeValue(condition: Exclude<RouteCondition, "time">, raw: string): string {
  const value = raw.trim();
  if (condition === "country" || condition === "region") return value.toUpperCase();
  const lower = value.toLowerCase();
  const named: Record<string, string> =
    condition === "device" ? DEVICE_TYPES : condition === "os" ? OPERATING_SYSTEMS : condition === "browser" ? BROWSERS : {};
  const byName = Object.entries(named).find(([, name]) => name.toLowerCase() === lower);
  return byName ? byName[0] : condition === "referrer" ? lower.replace(/\.+$/, "") : lower;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const listInput = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (Array.isArray(value) ? value : (value ?? "").split(",")).map((v) => v.trim()).filter((v) => v !== ""));

/** One rule: condition, values (a comma-separated text or a list) or a time window, and a destination. */
export function routeRuleSchema(context: DestinationContext) {
  return z
    .object({
      id: z.string().optional(),
      condition: z.string({ error: ROUTE_MESSAGES.conditionRequired }).refine((c) => (ROUTE_CONDITIONS as readonly string[]).includes(c), {
        message: ROUTE_MESSAGES.conditionRequired,
      }),
      values: listInput,
      from: z.string().optional().nullable(),
      to: z.string().optional().nullable(),
      url: z.string({ error: ROUTE_MESSAGES.valuesRequired }).optional(),
    })
    .transform((input, ctx): RouteRule => {
      const condition = input.condition as RouteCondition;
      const id = input.id && ROUTE_ID_PATTERN.test(input.id) ? input.id : newRouteId();
      const destination = checkDestination(input.url ?? "", context);
      if (!destination.ok) ctx.addIssue({ code: "custom", path: ["url"], message: destination.message });
      const url = destination.ok ? destination.url : "";
      if (condition === "time") {
        const from = (input.from ?? "").trim();
        const to = (input.to ?? "").trim();
        if (!TIME.test(from) || !TIME.test(to)) ctx.addIssue({ code: "custom", path: ["from"], message: ROUTE_MESSAGES.timeRequired });
        else if (from === to) ctx.addIssue({ code: "custom", path: ["to"], message: ROUTE_MESSAGES.timeSame });
        return { id, condition, values: [], from, to, url };
      }
      const values = [...new Set(input.values.map((v) => normalizeValue(condition, v)))];
      if (values.length === 0) ctx.addIssue({ code: "custom", path: ["values"], message: ROUTE_MESSAGES.valuesRequired });
      else if (values.length > MAX_ROUTE_VALUES) ctx.addIssue({ code: "custom", path: ["values"], message: ROUTE_MESSAGES.valuesMax });
      else if (values.some((v) => !VALUE_PATTERNS[condition].test(v)))
        ctx.addIssue({ code: "custom", path: ["values"], message: ROUTE_MESSAGES[condition] });
      return { id, condition, values, from: null, to: null, url };
    });
}

/** The message for more rules than `max` allows: the ceiling's, or the plan's. */
export function routesTooMany(max: number): string {
  return max >= MAX_ROUTES_PER_LINK ? ROUTE_MESSAGES.tooMany : ROUTE_MESSAGES.planMax(max);
}

/** A link's ordered rules; ids are made unique (a repeated one gets a new id). */
export function routesSchema(context: DestinationContext, max: number = MAX_ROUTES_PER_LINK) {
  return z
    .array(routeRuleSchema(context))
    .max(max, routesTooMany(max))
    .transform((rules) => {
      const seen = new Set<string>();
      return rules.map((rule) => {
        const id = seen.has(rule.id) ? newRouteId() : rule.id;
        seen.add(id);
        return { ...rule, id };
      });
    });
}

/** A rule as the form holds it before validation (what is echoed back on add/remove/move). */
export interface RuleDraft {
  id: string;
  condition: string;
  values: string;
  from: string;
  to: string;
  url: string;
}

export function draftOf(rule: RouteRule): RuleDraft {
  return {
    id: rule.id,
    condition: rule.condition,
    values: rule.values.join(", "),
    from: rule.from ?? "",
    to: rule.to ?? "",
    url: rule.url,
  };
}

export function emptyDraft(): RuleDraft {
  return { id: "", condition: "country", values: "", from: "", to: "", url: "" };
}

/** The drafts in a posted form, in order (rules[0]..rules[n-1]; the count comes from the form, bounded). */
export function readDrafts(form: FormData): RuleDraft[] {
  const indexes = new Set<number>();
  for (const key of form.keys()) {
    const match = /^rules\[(\d{1,2})\]\./.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return [...indexes]
    .sort((a, b) => a - b)
    .map((i) => ({
      id: text(`rules[${i}].id`),
      condition: text(`rules[${i}].condition`),
      values: text(`rules[${i}].values`),
      from: text(`rules[${i}].from`),
      to: text(`rules[${i}].to`),
      url: text(`rules[${i}].url`),
    }));
}

export type RuleErrors = Record<number, Partial<Record<"condition" | "values" | "from" | "to" | "url", string>>>;

/** Validates drafts; the rules, or the first message per field of each rule (and a form-level one). */
export function validateDrafts(
  drafts: readonly RuleDraft[],
  context: DestinationContext,
  max: number = MAX_ROUTES_PER_LINK,
): { ok: true; rules: RouteRule[] } | { ok: false; errors: RuleErrors; formError: string | null } {
  const result = routesSchema(context, max).safeParse(drafts);
  if (result.success) return { ok: true, rules: result.data };
  const errors: RuleErrors = {};
  let formError: string | null = null;
  for (const issue of result.error.issues) {
    const [index, field] = issue.path;
    if (typeof index === "number" && typeof field === "string") {
      const row = (errors[index] ??= {});
      const key = field as keyof RuleErrors[number];
      row[key] ??= issue.message;
    } else formError ??= issue.message;
  }
  return { ok: false, errors, formError };
}
