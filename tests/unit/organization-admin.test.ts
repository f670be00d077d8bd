import { describe, expect, it } from "vitest";
import {
  createOrganizationSchema,
  helpdeskRequestSchema,
  onboardingStep,
  ORGANIZATION_MESSAGES,
  parseOnboardingDone,
  roleFormSchema,
  type OnboardingFacts,
} from "../../domain/organization-admin";

const fresh: OnboardingFacts = { isOwner: true, domains: 0, usersAndInvitations: 0, teams: 0, firstTeamMembersAndInvitations: null };

describe("re-onboarding steps (spec 01 §4)", () => {
  it("walks 1 (no domains), 2 (no users or invitations), 3 (no team), 4 (empty first team), 5 (complete) for the owner", () => {
    expect(onboardingStep(fresh)).toBe(1);
    expect(onboardingStep({ ...fresh, domains: 1 })).toBe(2);
    expect(onboardingStep({ ...fresh, domains: 1, usersAndInvitations: 1 })).toBe(3);
    expect(onboardingStep({ ...fresh, domains: 1, usersAndInvitations: 1, teams: 1, firstTeamMembersAndInvitations: 0 })).toBe(4);
    expect(onboardingStep({ ...fresh, domains: 1, usersAndInvitations: 1, teams: 1, firstTeamMembersAndInvitations: 2 })).toBe(5);
  });

  it("steps 1 and 2 are the owner's only", () => {
    expect(onboardingStep({ ...fresh, isOwner: false })).toBe(3);
  });

  it("skips the steps remembered as done", () => {
    expect(onboardingStep(fresh, new Set(["domains"]))).toBe(2);
    expect(onboardingStep(fresh, new Set(["domains", "users", "team"]))).toBe(5);
    expect(onboardingStep({ ...fresh, teams: 1, firstTeamMembersAndInvitations: 0 }, new Set(["domains", "users"]))).toBe(4);
  });

  it("reads the remembered steps from a list or JSON, dropping unknown ones", () => {
    expect([...parseOnboardingDone("team,members,bogus")]).toEqual(["team", "members"]);
    expect([...parseOnboardingDone('["domains","users"]')]).toEqual(["domains", "users"]);
    expect(parseOnboardingDone("[oops").size).toBe(0);
    expect(parseOnboardingDone(null).size).toBe(0);
  });
});

describe("organization forms", () => {
  it("slugs are lowercased, checked for shape, and reserved path words refused", () => {
    expect(createOrganizationSchema.parse({ name: " Acme ", slug: "ACME-1" })).toEqual({ name: "Acme", slug: "acme-1" });
    for (const slug of ["a", "-acme", "ac me", "acme!", "x".repeat(49)]) {
      const result = createOrganizationSchema.safeParse({ name: "Acme", slug });
      expect(result.success, slug).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ORGANIZATION_MESSAGES.slugFormat);
    }
    expect(createOrganizationSchema.safeParse({ name: "Acme", slug: "onboarding" }).error?.issues[0]?.message).toBe(
      ORGANIZATION_MESSAGES.slugTaken,
    );
    // Left empty (a form sends "" or, through conform, nothing at all): asked for, not the format rule.
    for (const slug of ["", "   ", undefined]) {
      expect(createOrganizationSchema.safeParse({ name: "Acme", slug }).error?.issues[0]?.message, String(slug)).toBe(
        ORGANIZATION_MESSAGES.slugRequired,
      );
    }
    expect(createOrganizationSchema.safeParse({ name: "  ", slug: "acme" }).error?.issues[0]?.message).toBe(
      ORGANIZATION_MESSAGES.nameRequired,
    );
  });

  it("a role holds only known permissions", () => {
    expect(roleFormSchema.parse({ name: "Auditors", permissions: ["audit"] })).toEqual({ name: "Auditors", permissions: ["audit"] });
    expect(roleFormSchema.parse({ name: "Nothing" })).toEqual({ name: "Nothing", permissions: [] });
    expect(roleFormSchema.safeParse({ name: "Bad", permissions: ["root"] }).success).toBe(false);
  });

  it("a role form reads s_s_o as sso (spec 01 §6) and refuses an unknown name with its own message, wherever it is in the list", () => {
    expect(roleFormSchema.parse({ name: "Single sign-on", permissions: ["s_s_o", "audit"] })).toEqual({
      name: "Single sign-on",
      permissions: ["sso", "audit"],
    });
    expect(roleFormSchema.parse({ name: "Twice", permissions: ["sso", "s_s_o"] }).permissions).toEqual(["sso"]);
    for (const permissions of [["root"], ["audit", "teams", "root"]]) {
      const issues = roleFormSchema.safeParse({ name: "Bad", permissions }).error?.issues ?? [];
      expect(issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["permissions", ORGANIZATION_MESSAGES.permissionInvalid],
      ]);
    }
  });

  it("a support request needs a subject and a message", () => {
    expect(helpdeskRequestSchema.safeParse({ subject: "", message: "x" }).error?.issues[0]?.message).toBe(
      ORGANIZATION_MESSAGES.subjectRequired,
    );
    expect(helpdeskRequestSchema.safeParse({ subject: "Hi", message: " " }).error?.issues[0]?.message).toBe(
      ORGANIZATION_MESSAGES.messageRequired,
    );
  });
});
