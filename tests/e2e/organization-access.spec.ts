/**
 * The organization guard (app/lib/organizations/access.server.ts, decision 026), on a route every
 * organization page shares: who reaches an organization at all. The role × permission × route
 * tables of each area (organization settings, teams, invitations, links) sit beside their specs.
 */
import { expect, test } from "./fixtures";
import { organizationWorld, PERSONAS, type OrganizationWorld } from "./organizations";

let world: OrganizationWorld;

test.beforeAll(async () => {
  world = await organizationWorld("access");
});
test.afterAll(async () => {
  await world.dispose();
});

test("the world's people sign in, and only participants with the developer flag pass the guard", async () => {
  for (const persona of PERSONAS) {
    const as = await world.requestAs(persona);
    const response = await as.get(`/app/api/organization/${world.slug}`, { maxRedirects: 0 });
    const expected = persona === "nonDeveloper" ? 403 : persona === "stranger" || persona === "staff" ? 404 : 200;
    expect(response.status(), persona).toBe(expected);
  }
});
