/**
 * Extra common short domains the end-to-end service runs with (SHORT_DOMAINS, set in
 * playwright.config.ts), for the domain rules of the creation form (spec 02 §5, §8): one that
 * guests may use with their own alias, one for verified emails, one for subscribers, and a
 * blocked one that is never offered.
 */
export const E2E_SHORT_DOMAINS = [
  { domain: "guest.snip.example", allowForGuests: true, guestCanUseCustomAlias: true },
  { domain: "verified.snip.example", requireEmailVerification: true },
  { domain: "pro.snip.example", subscribedOnly: true },
  { domain: "blocked.snip.example", allowForGuests: true, isBlocked: true },
];
