/**
 * A link's expiry as every page shows it (spec 02 §9 "MMM DD, YYYY hh:mm A"): one formatter
 * (domain/expiry.ts), in UTC with the zone said, since the server does not know the visitor's zone.
 */
import { formatExpiry } from "../../domain/expiry";

export function ExpiryTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatExpiry(new Date(iso))} UTC</time>;
}
