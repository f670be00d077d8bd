/** The team rules of domain/teams.ts (spec 01 §4 team mode, §8 messages; spec 02 §4 confirmation texts). */
import { describe, expect, it } from "vitest";
import {
  isTeamSwitchError,
  requiresSso,
  switchConfirmation,
  teamModeOn,
  teamsAllowed,
  teamSwitchErrorPath,
  teamSwitchPath,
  TEAM_SLUG_PATTERN,
  TEAM_SWITCH_MESSAGES,
} from "../../domain/teams";

describe("team mode", () => {
  const on = { loggedIn: true, teamsAllowed: true, teamCount: 1, preference: true };
  it("is on only when logged in, teams are allowed, there is a team and the preference is on", () => {
    expect(teamModeOn(on)).toBe(true);
    expect(teamModeOn({ ...on, loggedIn: false })).toBe(false);
    expect(teamModeOn({ ...on, teamsAllowed: false })).toBe(false);
    expect(teamModeOn({ ...on, teamCount: 0 })).toBe(false);
    expect(teamModeOn({ ...on, preference: false })).toBe(false);
  });

  it("teams are allowed by the developer flag", () => {
    expect(teamsAllowed({ isDeveloper: true })).toBe(true);
    expect(teamsAllowed({ isDeveloper: false })).toBe(false);
  });
});

describe("switching", () => {
  it("asks with the spec's texts", () => {
    expect(switchConfirmation({ name: "Sales" })).toBe('You are going to switch to team "Sales"');
    expect(switchConfirmation(null)).toBe("You are going to switch to your account");
  });

  it("calls team/{teamId}/switch, with none for the account", () => {
    expect(teamSwitchPath("abc")).toBe("team/abc/switch");
    expect(teamSwitchPath(null)).toBe("team/none/switch");
  });

  it("has the spec's three messages, reached by key only", () => {
    expect(Object.values(TEAM_SWITCH_MESSAGES)).toEqual(["Team required.", "Unknown team.", "Switching error."]);
    expect(teamSwitchErrorPath("unknown-team")).toBe("/app/settings/teams?error=unknown-team");
    expect(isTeamSwitchError("switching-error")).toBe(true);
    expect(isTeamSwitchError("<script>")).toBe(false);
    expect(isTeamSwitchError("toString")).toBe(false);
  });

  it("answers 424 for a team whose options require single sign-on", () => {
    expect(requiresSso('{"require_sso":true}')).toBe(true);
    expect(requiresSso('{"require_sso":"yes"}')).toBe(false);
    expect(requiresSso("{}")).toBe(false);
    expect(requiresSso("not json")).toBe(false);
  });
});

describe("team slugs", () => {
  it("are lowercase letters, numbers and inner hyphens, 2 to 48 characters", () => {
    for (const ok of ["ab", "sales", "sales-emea", "a1", "x".repeat(48)]) expect(TEAM_SLUG_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["a", "Sales", "-sales", "sales-", "sa--les", "sa les", "x".repeat(49), "sälj"])
      expect(TEAM_SLUG_PATTERN.test(bad), bad).toBe(false);
  });
});
