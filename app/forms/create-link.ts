/**
 * The signed-in creation form (spec 02 §2, §3, §5): one schema composed from the field schemas
 * (destination, alias, tags, expiry); checks only the server can make (capabilities, the plan
 * limit, "alias taken") are added by the action.
 */
import { z } from "zod";
import { checkCustomAlias } from "../../domain/alias";
import { checkExpiry, parseExpiryInput } from "../../domain/expiry";
import { tagsSchema } from "../../domain/tags";
import { destinationSchema, type DestinationContext } from "../../domain/url";
import { UTM_PRESET_NAME_MAX_LENGTH, utmValuesSchema, type UtmPreset, type UtmValues } from "../../domain/utm";
import type { SubmissionResult } from "@conform-to/react";
import type { DomainOption } from "../../domain/domains";

export const CREATE_LINK_PATH = "/app/links/create";
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
  /** The Single/Bulk toggle is shown only when bulk creation is allowed (spec 02 §2). */
  canBulk: boolean;
  /** Which form is shown: `?mode=bulk` asks for the bulk form. */
  mode: "single" | "bulk";
}

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

export function createLinkSchema(context: DestinationContext, now: Date) {
  return z
    .object({
      url: destinationSchema(context),
      domain: z.string().optional(),
      alias: z
        .string()
        .trim()
        .optional()
        .superRefine((alias, ctx) => {
          const message = alias ? checkCustomAlias(alias) : null;
          if (message) ctx.addIssue({ code: "custom", message });
        }),
      description: z.string().trim().max(DESCRIPTION_MAX_LENGTH, { error: CREATE_MESSAGES.descriptionMax }).optional(),
      /** Comma-separated; checked in the transform below (form coercion would turn "" into [undefined]). */
      tags: z.union([z.string(), z.array(z.string())]).optional(),
      expires: z.string().optional(),
      /** The UTC ISO instant (written by the page's script) or the datetime-local value read as UTC. */
      expires_at: z.string().optional(),
      expires_local: z.string().optional(),
    })
    .transform((value, ctx) => {
      const tags = tagsSchema.safeParse(splitTags(value.tags));
      if (!tags.success) {
        for (const issue of tags.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: ["tags", ...issue.path] });
        return z.NEVER;
      }
      let expiresAt: Date | null = null;
      if (value.expires === "on") {
        const raw = value.expires_at || value.expires_local;
        if (!raw) {
          ctx.addIssue({ code: "custom", message: CREATE_MESSAGES.expiryRequired, path: ["expires_at"] });
          return z.NEVER;
        }
        expiresAt = parseExpiryInput(raw);
        const message = checkExpiry(expiresAt, now);
        if (message) {
          ctx.addIssue({ code: "custom", message, path: ["expires_at"] });
          return z.NEVER;
        }
      }
      return {
        url: value.url,
        domain: value.domain ?? null,
        alias: value.alias || null,
        description: value.description || null,
        tags: tags.data,
        expiresAt,
      };
    });
}

/** The UTM builder's post: the destination, the five values, and an optional preset to save. */
export function utmBuilderSchema(context: DestinationContext) {
  return utmValuesSchema
    .extend({
      url: destinationSchema(context),
      save_preset: z.string().optional(),
      preset_name: z.string().trim().optional(),
    })
    .superRefine((value, ctx) => {
      if (value.save_preset !== "on") return;
      if (!value.preset_name) ctx.addIssue({ code: "custom", message: CREATE_MESSAGES.presetNameRequired, path: ["preset_name"] });
      else if (value.preset_name.length > UTM_PRESET_NAME_MAX_LENGTH)
        ctx.addIssue({ code: "custom", message: CREATE_MESSAGES.presetNameMax, path: ["preset_name"] });
    });
}
