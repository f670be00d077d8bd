/**
 * Invite-only sign-up codes (issue 19 kiosk access-invitations, decision 036): their format and
 * whether one admits a sign-up. Pure.
 */
export const ACCESS_MESSAGES = {
  required: "Sign-up is by invitation only: enter the invitation code you received.",
  invalid: "This invitation code is not valid.",
  expired: "This invitation code has expired.",
  usedUp: "This invitation code has already been used.",
  otherEmail: "This invitation is for another email address.",
} as const;

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A new code: 12 characters from 31 (~59 bits), shown in groups of four: "K7QM-2XRD-VA9P". */
export function newInvitationCode(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const chars: string[] = [];
  while (chars.length < 12) {
    for (const byte of random(16)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 248 && chars.length < 12) chars.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return `${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8).join("")}`;
}

/** What a user types ("k7qm 2xrd-va9p") to the stored form, or null when it cannot be a code. */
export function normalizeInvitationCode(input: string): string | null {
  const chars = input.toUpperCase().replace(/[\s-]/g, "");
  if (chars.length !== 12 || [...chars].some((c) => !ALPHABET.includes(c))) return null;
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

export interface InvitationState {
  email: string | null;
  maxUses: number;
  uses: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Why this invitation does not admit `email` now; null when it does. */
export function invitationProblem(invitation: InvitationState | null, email: string, now: Date): string | null {
  if (!invitation || invitation.revokedAt) return ACCESS_MESSAGES.invalid;
  if (invitation.expiresAt && invitation.expiresAt.getTime() <= now.getTime()) return ACCESS_MESSAGES.expired;
  if (invitation.uses >= invitation.maxUses) return ACCESS_MESSAGES.usedUp;
  if (invitation.email && invitation.email !== email.trim().toLowerCase()) return ACCESS_MESSAGES.otherEmail;
  return null;
}

export function invitationStatus(invitation: InvitationState, now: Date): "revoked" | "expired" | "used" | "open" {
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt && invitation.expiresAt.getTime() <= now.getTime()) return "expired";
  if (invitation.uses >= invitation.maxUses) return "used";
  return "open";
}
