/** The invitation rules of domain/invitations.ts (docs/decisions/030). */
import { describe, expect, it } from "vitest";
import {
  effectiveState,
  INVITATION_MESSAGES,
  INVITATION_TTL_MS,
  isInvitationNotice,
  mayOfferRole,
  mayOfferTeamRole,
} from "../../domain/invitations";
import { organizationInviteSchema, teamInviteSchema } from "../../app/forms/invitations";

describe("who may offer what", () => {
  it("the owner offers any role; others only roles within their own permissions", () => {
    expect(mayOfferRole({ isOwner: true, permissions: null }, ["users", "roles"])).toBe(true);
    expect(mayOfferRole({ isOwner: false, permissions: ["invitations"] }, ["invitations"])).toBe(true);
    expect(mayOfferRole({ isOwner: false, permissions: ["invitations"] }, ["invitations", "users"])).toBe(false);
    expect(mayOfferRole({ isOwner: false, permissions: ["invitations", "users"] }, [])).toBe(true);
  });

  it("team admin is offered by the owner, a team admin or the members permission; member and viewer by any inviter", () => {
    const inviter = { isOwner: false, permissions: ["invitations"] as const, teamRole: null };
    expect(mayOfferTeamRole({ ...inviter, permissions: [...inviter.permissions] }, "member")).toBe(true);
    expect(mayOfferTeamRole({ ...inviter, permissions: [...inviter.permissions] }, "viewer")).toBe(true);
    expect(mayOfferTeamRole({ ...inviter, permissions: [...inviter.permissions] }, "admin")).toBe(false);
    expect(mayOfferTeamRole({ isOwner: false, permissions: null, teamRole: "admin" }, "admin")).toBe(true);
    expect(mayOfferTeamRole({ isOwner: false, permissions: ["members"], teamRole: null }, "admin")).toBe(true);
    expect(mayOfferTeamRole({ isOwner: true, permissions: null, teamRole: null }, "admin")).toBe(true);
  });
});

describe("the forms", () => {
  it("lowercases the email, drops an empty message, and reports each field's first message", () => {
    const ok = organizationInviteSchema.safeParse({ email: "  Ann@Example.COM ", role: "r1", message: "" });
    expect(ok.success && ok.data).toEqual({ email: "ann@example.com", role: "r1", message: null });
    const bad = organizationInviteSchema.safeParse({ email: "nope", message: "x".repeat(501) });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((issue) => issue.message);
    expect(messages).toContain(INVITATION_MESSAGES.emailInvalid);
    expect(messages).toContain(INVITATION_MESSAGES.roleRequired);
    expect(messages).toContain(INVITATION_MESSAGES.messageTooLong);
    expect(teamInviteSchema.safeParse({ email: "a@b.co", team_role: "owner" }).error?.issues[0]?.message).toBe(
      INVITATION_MESSAGES.teamRoleInvalid,
    );
  });
});

describe("expiry and notices", () => {
  it("a pending invitation past its date reads as expired; closed ones keep their state", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    expect(effectiveState("pending", new Date(now.getTime() + INVITATION_TTL_MS), now)).toBe("pending");
    expect(effectiveState("pending", now, now)).toBe("expired");
    expect(effectiveState("revoked", new Date(0), now)).toBe("revoked");
  });

  it("only known notice codes are shown", () => {
    expect(isInvitationNotice("accepted")).toBe(true);
    expect(isInvitationNotice("<script>")).toBe(false);
    expect(isInvitationNotice(null)).toBe(false);
  });
});
