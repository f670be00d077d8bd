import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { API_TOKEN_MESSAGES, editTokenSchema, newTokenSchema } from "../../app/forms/api-tokens";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** The errors as the page reads them: by field name, as conform reports them. */
function errorsOf(schema: typeof newTokenSchema | typeof editTokenSchema, entries: [string, string][]) {
  const submission = parseWithZod(form(entries), { schema });
  return submission.status === "success" ? null : submission.reply().error;
}

describe("API token forms (Settings → API)", () => {
  it("take known permissions in their own order without duplicates, and a known expiry", () => {
    const submission = parseWithZod(
      form([
        ["name", "CI"],
        ["expiry", "1y"],
        ["permissions", "create"],
        ["permissions", "read"],
        ["permissions", "create"],
      ]),
      { schema: newTokenSchema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ name: "CI", expiry: "1y", permissions: ["read", "create"] });
  });

  it("an unknown permission, wherever it is in the list, is one message on the permissions field, not zod's wording", () => {
    for (const schema of [newTokenSchema, editTokenSchema]) {
      for (const permissions of [["root"], ["read", "root"]]) {
        const errors = errorsOf(schema, [["name", "CI"], ...permissions.map((p): [string, string] => ["permissions", p])]);
        expect(errors).toEqual({ permissions: [API_TOKEN_MESSAGES.permissionInvalid] });
      }
    }
  });

  it("an unknown expiry is its own message on the expiry field", () => {
    const errors = errorsOf(newTokenSchema, [
      ["name", "CI"],
      ["expiry", "forever"],
      ["permissions", "read"],
    ]);
    expect(errors).toEqual({ expiry: [API_TOKEN_MESSAGES.expiryInvalid] });
  });

  it("no permission at all still asks for one", () => {
    expect(errorsOf(newTokenSchema, [["name", "CI"]])).toEqual({ permissions: [API_TOKEN_MESSAGES.permissionsRequired] });
  });
});
