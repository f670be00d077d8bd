/**
 * The signed-in creation form's paths, messages, field bounds and what its pages and actions pass
 * around (spec 02 §2, §3, §5). Browser-safe (no zod): the form component imports it directly;
 * app/forms/create-link.ts adds the schemas and re-exports all of it.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { DomainOption } from "../../domain/domain-rules";
import { hasUtm, UTM_PRESET_NAME_MAX_LENGTH, type UtmPreset, type UtmValues } from "../../domain/utm-rules";

export const CREATE_LINK_PATH = "/app/links/create";
/** The navigation bar's popover loads the form with this query: a refusal is then its own body, not the page's error. */
export const CREATE_POPOVER_QUERY = "popover";
/** What the create routes' loaders answer the popover when the form cannot be loaded. */
export interface CreateLoadFailed {
  failed: true;
}

/**
 * The client loader of a route whose form the navigation bar's popover loads (?popover): a refusal
 * (a 403 once the capability is gone, a failed request) becomes the popover's default body "Page
 * not found" (spec 02 §2, §8) instead of the route's error boundary replacing the page. A redirect
 * (the session ended) still goes where it says; the page itself keeps its error boundary.
 */
export async function popoverClientLoader<T>(request: Request, serverLoader: () => Promise<T>): Promise<T | CreateLoadFailed> {
  if (!new URL(request.url).searchParams.has(CREATE_POPOVER_QUERY)) return serverLoader();
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { failed: true };
  }
}
export const UTM_BUILDER_PATH = "/app/links/utm";
export const DESCRIPTION_MAX_LENGTH = 255;

export interface CreateFormData {
  /** Sorted alphabetically; locked ones say why (spec 02 §5, §8). */
  domains: DomainOption[];
  /** Where the form starts; null when no domain is usable ("domain not found"): the site's own host is used. */
  defaultDomain: string | null;
  siteHost: string;
  /** Why the alias field is locked: not in the plan, or the email is not verified yet; null = open. */
  aliasLock: "plan" | "verify" | null;
  canTags: boolean;
  canExpiry: boolean;
  /** Prefilled from the plan's alias_lifetime (UTC, datetime-local shape); null = no default expiry. */
  defaultExpiry: string | null;
  expiryMin: string;
  expiryMax: string;
  /** The sample presets A and B, then the user's own. */
  presets: UtmPreset[];
  /** A URL handed back by the UTM builder page (no JavaScript). */
  url: string;
  utmOn: boolean;
  /** The form's other fields handed back by the UTM builder page (no JavaScript), as they were typed. */
  prefill: CreatePrefill;
  /** The Single/Bulk toggle is shown only when bulk creation is allowed (spec 02 §2). */
  canBulk: boolean;
  /** Which form is shown: `?mode=bulk` asks for the bulk form. */
  mode: "single" | "bulk";
  /** Inside an organization (spec 02 §2 "team selector (organization only)"): where both forms post and the team selector. */
  organization?: OrganizationFormTarget;
}

/** One option of the team selector: a team's slug, or "personal" for the user's own workspace in the organization. */
export interface TeamOptionData {
  value: string;
  label: string;
  /** A viewer's team: shown with "(Viewer Access Only)", not selectable (spec 02 §5). */
  disabled: boolean;
}

export interface OrganizationFormTarget {
  /** The organization page whose action creates the link. */
  action: string;
  teams: TeamOptionData[];
  selected: string;
  /**
   * Pixel scripts (docs/decisions/047): the opt-in for a team's link, when the user may create
   * with update_snip_url there; `manage` is the selected team's pixel page in the team area.
   */
  pixels?: { manage: string | null } | null;
}

/**
 * The creation form's fields other than the URL that travel through the UTM builder page without
 * JavaScript: its Edit button sends them in the query (a GET of the form), the page keeps them in
 * hidden fields, and Apply hands them back to the form with the rebuilt URL.
 */
export const CREATE_PREFILL_FIELDS = ["domain", "alias", "description", "tags", "expires", "expires_local", "team", "pixels"] as const;
export type CreatePrefillField = (typeof CREATE_PREFILL_FIELDS)[number];
export type CreatePrefill = Partial<Record<CreatePrefillField, string>>;

/** Longest value kept of one carried field (the form's own bounds are checked when it is posted). */
const PREFILL_MAX_LENGTH = 2048;

/** The carried fields present in a query or a form (the first value of each, bounded); anything else is left out. */
export function readCreatePrefill(source: { get(name: string): FormDataEntryValue | null }): CreatePrefill {
  const prefill: CreatePrefill = {};
  for (const field of CREATE_PREFILL_FIELDS) {
    const value = source.get(field);
    if (typeof value === "string" && value !== "") prefill[field] = value.slice(0, PREFILL_MAX_LENGTH);
  }
  return prefill;
}

/** The UTM builder's mode (spec 02 §4 "Create or Update mode"): updating when the URL already has utm_* parameters. */
export type UtmBuilderMethod = "create" | "update";

export function utmBuilderMethod(url: string): UtmBuilderMethod {
  return hasUtm(url) ? "update" : "create";
}

/** The builder's submit button: "Create" or "Update" by its mode. */
export const UTM_SUBMIT_LABEL: Readonly<Record<UtmBuilderMethod, string>> = { create: "Create", update: "Update" };

export type CreateReply = { result: SubmissionResult<string[]>; planLimit?: boolean };

export interface LinkResultData {
  id: string;
  alias: string;
  longUrl: string;
  shortUrl: string;
  tags: string[];
  expiresAt: string | null;
  qrSvg: string;
  /** Non-analytics users get a My URLs link (spec 02 §2). */
  showMyUrls: boolean;
}

/** The UTM builder's answer: field errors, or the rebuilt destination. */
export type UtmReply = { result: SubmissionResult<string[]>; url?: string; values?: UtmValues; error?: string };

export const CREATE_MESSAGES = {
  descriptionMax: `The description must not be greater than ${DESCRIPTION_MAX_LENGTH} characters.`,
  expiryRequired: "Choose when the link should expire.",
  presetNameRequired: "Give the preset a name.",
  presetNameMax: `The preset name must not be greater than ${UTM_PRESET_NAME_MAX_LENGTH} characters.`,
  presetNameTaken: "You already have a preset with this name.",
  aliasLockedPlan: "Custom aliases are not included in your plan. Upgrade to choose your own alias.",
  aliasLockedVerify: "Verify your email address to choose a custom alias.",
} as const;

/** Tags arrive as one comma-separated field (or several fields); each piece is one tag. */
export function splitTags(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.flatMap((item) => (typeof item === "string" ? item.split(",") : []));
}
