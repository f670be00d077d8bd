/**
 * A page's action reads a form; a post that declares another body (JSON, plain text, XML) is
 * answered 400 with the general message of spec 01 §5, never a server error, and writes
 * nothing (app/lib/form-body.server.ts `requestFormData`). The error page is the signed-in user's:
 * the page shell's boundary catches it below the root, whose loader still tells who is signed in
 * (app/routes/shell.tsx). The JSON calls under /app/api keep their own body rules.
 */
import { ACCOUNT_MESSAGES } from "../../domain/account-rules";
import { expect, SAME_ORIGIN, test } from "./fixtures";
import { teamArea } from "./organizations";

/** The page was rendered for a signed-in user: the body's data-auth is their id ("" for a guest, absent when unknown). */
const SIGNED_IN_PAGE = /<body[^>]* data-auth="[^"]+"/;

const BODIES = [
  { name: "JSON", headers: { "content-type": "application/json" }, data: '{"intent":"create","name":"Json","slug":"json-team"}' },
  { name: "plain text", headers: { "content-type": "text/plain" }, data: "intent=create&name=Text&slug=text-team" },
  { name: "XML", headers: { "content-type": "application/xml" }, data: "<team><name>Xml</name></team>" },
] as const;

test("page posts with a body that is not a form: 400 and the general message, nothing written", async () => {
  const area = await teamArea({ prefix: "fb", name: "Form bodies", people: [], teams: [{ slug: "crew", name: "Crew" }] });
  try {
    const owner = await area.requestAs(area.users.owner);
    const pages = [
      `/app/organizations/${area.slug}/settings/teams`,
      `/app/organizations/${area.slug}/settings/teams/members`,
      `/app/organizations/${area.slug}/settings/profile/roles`,
      `/app/organizations/${area.slug}/settings/profile/users`,
      `/app/organizations/${area.slug}/settings/profile/users/invite`,
      "/app/organizations/onboarding",
      "/app/settings/security",
      // Pages that take an upload or read their own form: the same refusals before the body is read.
      "/app/settings/profile",
      `/app/organizations/${area.slug}/settings/profile`,
      "/app/notifications",
    ];
    for (const path of pages) {
      for (const body of BODIES) {
        const response = await owner.post(path, {
          headers: { ...SAME_ORIGIN, ...body.headers },
          data: body.data,
          maxRedirects: 0,
        });
        expect(response.status(), `${body.name} to ${path}`).toBe(400);
        const html = await response.text();
        expect(html, `${body.name} to ${path}`).toContain(ACCOUNT_MESSAGES.generic);
        expect(html, `${body.name} to ${path}: the signed-in header`).toMatch(SIGNED_IN_PAGE);
      }
    }
    // A post without a body or a content type, a multipart that does not parse, and a form sent with
    // another method: the client's mistake (415, 400, 405; app/lib/form-body.server.ts), never a 500.
    const boundary = "----snipbroken";
    const mistakes = [
      { name: "no body", send: (path: string) => owner.post(path, { headers: SAME_ORIGIN, maxRedirects: 0 }), status: 415 },
      {
        name: "broken multipart",
        send: (path: string) =>
          owner.post(path, {
            headers: { ...SAME_ORIGIN, "content-type": `multipart/form-data; boundary=${boundary}` },
            data: `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate`,
            maxRedirects: 0,
          }),
        status: 400,
      },
      {
        name: "PUT with a form",
        send: (path: string) =>
          owner.fetch(path, {
            method: "PUT",
            form: { intent: "create", name: "Put", slug: "put-team" },
            headers: SAME_ORIGIN,
            maxRedirects: 0,
          }),
        status: 405,
      },
    ];
    for (const path of pages) {
      for (const mistake of mistakes) {
        const response = await mistake.send(path);
        expect(response.status(), `${mistake.name} to ${path}`).toBe(mistake.status);
        expect(await response.text(), `${mistake.name} to ${path}: the signed-in header`).toMatch(SIGNED_IN_PAGE);
      }
    }
    // Nothing was written: the organization still has its one team.
    const organization = await owner.get(`/app/api/organization/${area.slug}`);
    const teams = ((await organization.json()) as { data: { teams: { slug: string }[] } }).data.teams.map((t) => t.slug);
    expect(teams).toEqual(["crew"]);
    // A form is still a form: the same page takes it.
    const form = await owner.post(`/app/organizations/${area.slug}/settings/teams`, {
      form: { intent: "create", name: "Formed", slug: "formed" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(form.status()).toBe(302);
    // The JSON calls keep their own rules (a JSON body is theirs to read).
    const call = await owner.patch(`/app/api/organization/${area.slug}/archive`, {
      data: { archive: "maybe" },
      headers: { ...SAME_ORIGIN, "X-Requested-With": "XMLHttpRequest" },
    });
    expect(call.status()).toBe(422);
  } finally {
    await area.dispose();
  }
});

test("the password a confirmation dialog sends along is never written back into a team's API token page", async () => {
  const area = await teamArea({ prefix: "fbp", name: "Token echo", people: [], teams: [{ slug: "crew", name: "Crew" }] });
  try {
    const owner = await area.requestAs(area.users.owner);
    const page = `/app/organization/${area.slug}/team/crew/api/new`;
    // Refused (the Free plan has no API access; a name too long) after the dialog's password came along.
    for (const name of ["Echo", "x".repeat(300)]) {
      const response = await owner.post(page, {
        form: { name, expiry: "never", confirm_password: area.users.owner.password },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      });
      expect([403, 422], name).toContain(response.status());
      expect(await response.text(), name).not.toContain(area.users.owner.password);
    }
  } finally {
    await area.dispose();
  }
});

test("an address that only answers GET (a file, a redirect, a JSON call) refuses another method with 405 and Allow: GET; a page without a form refuses a post under the signed-in header", async () => {
  const area = await teamArea({ prefix: "fbm", name: "Methods", people: [], teams: [{ slug: "crew", name: "Crew" }] });
  try {
    const owner = await area.requestAs(area.users.owner);
    const addresses = [
      "/app/settings",
      "/app/purchase",
      "/app/help",
      "/app/login/sso/callback",
      "/app/api/shopping-cart",
      "/app/api/settings/branded-domains",
      `/app/organizations/${area.slug}/audit.csv`,
      `/app/organizations/${area.slug}/settings`,
      `/app/organization-photo/${area.slug}`,
      `/app/organization/${area.slug}/team`,
      `/app/organization/${area.slug}/team/crew`,
    ];
    for (const path of addresses) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const response = await owner.fetch(path, { method, form: { intent: "x" }, headers: SAME_ORIGIN, maxRedirects: 0 });
        // Not React Router's own "no action" error, answered as {"message":"Unexpected Server Error"}.
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers().allow, `${method} ${path}`).toBe("GET");
        expect(await response.json(), `${method} ${path}`).toEqual({ message: "Method Not Allowed" });
      }
    }
    // Their GET is unchanged: the audit trail's file, the settings' redirect.
    expect((await owner.get(`/app/organizations/${area.slug}/audit.csv`)).status()).toBe(200);
    const settings = await owner.get("/app/settings", { maxRedirects: 0 });
    expect(settings.status()).toBe(302);
    expect(settings.headers().location).toBe("/app/settings/profile");
    // A page with nothing to post to: 405 and the error page, as the signed-in user sees the site.
    const terms = await owner.post("/app/terms", { form: { intent: "x" }, headers: SAME_ORIGIN, maxRedirects: 0 });
    expect(terms.status()).toBe(405);
    expect(await terms.text()).toMatch(SIGNED_IN_PAGE);
    // A page action of one button takes a POST only: a DELETE or PUT changes nothing.
    const restore = `/app/organizations/${area.slug}/restore`;
    for (const method of ["PUT", "DELETE"]) {
      const refused = await owner.fetch(restore, { method, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(refused.status(), `${method} restore`).toBe(405);
      expect(await refused.text(), `${method} restore`).toMatch(SIGNED_IN_PAGE);
      const logout = await owner.fetch("/app/logout", { method, headers: SAME_ORIGIN, maxRedirects: 0 });
      expect(logout.status(), `${method} /app/logout`).toBe(405);
      expect(logout.headers().allow).toBe("GET, POST");
    }
    // Still signed in.
    expect((await owner.get("/app/api/heartbeat")).status()).toBe(204);
  } finally {
    await area.dispose();
  }
});
