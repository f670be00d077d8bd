/**
 * The guest shorten form (spec 02 §2, §3, §5): the destination, the domain, an alias where the
 * domain lets guests choose one, the agreement when the region rule asks for it, and the bot
 * challenge's token. One schema, composed from the field schemas; checks only the server can
 * make (the domain table, the agreement, the challenge) are added by the action. The messages
 * and the page's data type are in app/forms/shorten-rules.ts (browser-safe, no zod) and
 * re-exported here.
 */
import { z } from "zod";
import { checkCustomAlias } from "../../domain/alias";
import { destinationSchema, type DestinationContext } from "../../domain/url";

export * from "./shorten-rules";

export function shortenSchema(context: DestinationContext) {
  return z.object({
    url: destinationSchema(context),
    domain: z.string().trim().optional(),
    alias: z
      .string()
      .trim()
      .optional()
      .superRefine((alias, ctx) => {
        const message = alias ? checkCustomAlias(alias) : null;
        if (message) ctx.addIssue({ code: "custom", message });
      }),
    agreement: z.string().optional(),
  });
}
