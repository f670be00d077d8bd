/** The webhook settings form: an endpoint URL (domain/webhooks.ts rules) and at least one event. */
import { z } from "zod";
import { checkWebhookUrl, WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from "../../domain/webhooks";

export const WEBHOOK_INTENTS = ["add", "delete", "test"] as const;
export type WebhookIntent = (typeof WEBHOOK_INTENTS)[number];

export function webhookEndpointSchema(options: { localDev: boolean }) {
  return z.object({
    url: z.string({ error: WEBHOOK_MESSAGES.urlRequired }).transform((value, ctx) => {
      const result = checkWebhookUrl(value, options);
      if (!result.ok) {
        ctx.addIssue({ code: "custom", message: result.message });
        return z.NEVER;
      }
      return result.url;
    }),
    events: z.array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.eventsRequired }).min(1, WEBHOOK_MESSAGES.eventsRequired),
  });
}

export const webhookEndpointIdSchema = z.object({ id: z.uuid() });
