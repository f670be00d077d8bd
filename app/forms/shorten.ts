/**
 * The guest shorten form: one schema, composed from the destination field's schema.
 * Server-only checks (the own hosts) come in through the context.
 */
import { z } from "zod";
import { destinationSchema, type DestinationContext } from "../../domain/url";

export function shortenSchema(context: DestinationContext) {
  return z.object({ url: destinationSchema(context) });
}
