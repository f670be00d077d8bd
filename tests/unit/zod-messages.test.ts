/**
 * zod's built-in messages said in Snip's words (domain/zod-messages.ts), where a schema has none of
 * its own: what a crafted form post or a REST API body of the wrong shape is told.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CARD_MESSAGES, testCardOnFileSchema, testPaymentSchema } from "../../app/forms/payment-card";
import { teamOnlySchema } from "../../app/forms/teams";
import { installZodMessages } from "../../domain/zod-messages";
import { zodMessages } from "../../app/api/v2/errors.server";
import { TagsField } from "../../app/api/v2/schemas";
import { MAX_TAGS_PER_LINK, TAG_MESSAGES } from "../../domain/tag-rules";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("zod's messages in Snip's words", () => {
  installZodMessages();

  it("a page form's field sent twice names the field, never zod's 'expected string, received array'", () => {
    // The shape of the create form's optional texts (app/forms/create-link.ts): no message of its own for a type.
    const schema = z.object({ url: z.string({ error: "The URL field is required." }), description: z.string().trim().max(250).optional() });
    const submission = parseWithZod(
      form([
        ["url", "https://example.com"],
        ["description", "one"],
        ["description", "two"],
      ]),
      { schema },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ description: ["The description must be a string."] });
  });

  it("a real form's schema keeps its own message for the same mistake", () => {
    const submission = parseWithZod(
      form([
        ["team", "crew"],
        ["team", "other"],
      ]),
      { schema: teamOnlySchema },
    );
    expect(submission.reply().error).toEqual({ team: ["Choose a team."] });
  });

  it("keeps a schema's own message", () => {
    const schema = z.object({ name: z.string({ error: "Enter a name." }).min(1, "Enter a name.") });
    expect(schema.safeParse({ name: ["a", "b"] }).error?.issues[0]?.message).toBe("Enter a name.");
  });

  it("a field left out says what the same field sent empty says, when its schema has a message of its own for that", () => {
    // The shapes of the card forms before app/forms/payment-card.ts: no message of their own for a type.
    const schema = z.object({
      name: z.string().trim().min(1, "Cardholder name is required.").max(100),
      card: z
        .string()
        .overwrite((v) => v.replace(/[\s-]/g, ""))
        .regex(/^\d{12,19}$/, "Enter a card number."),
      email: z.email("Enter an email address."),
      // No message of its own for an empty value: the general words.
      note: z.string().max(10),
      title: z.string().min(1),
    });
    const messages = (input: Record<string, string>) =>
      Object.fromEntries(schema.safeParse(input).error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    const expected = {
      name: "Cardholder name is required.",
      card: "Enter a card number.",
      email: "Enter an email address.",
      note: "The note field is required.",
      title: "The title field is required.",
    };
    expect(messages({})).toEqual(expected);
    expect(messages({ name: "", card: "", email: "", note: "" })).toEqual({
      name: expected.name,
      card: expected.card,
      email: expected.email,
      title: expected.title,
    });
    // conform sends a blank field as a missing one: the field's own message, not the general words.
    const submission = parseWithZod(
      form([
        ["name", ""],
        ["card", "4242 4242 4242 4242"],
        ["email", "a@example.com"],
        ["note", "x"],
        ["title", "t"],
      ]),
      {
        schema,
      },
    );
    expect(submission.reply().error).toEqual({ name: ["Cardholder name is required."] });
  });

  it("the card forms' schemas say the same for a missing and an empty field", () => {
    for (const schema of [testPaymentSchema, testCardOnFileSchema]) {
      const missing = z.flattenError(schema.safeParse({}).error!).fieldErrors;
      const empty = z.flattenError(schema.safeParse({ name: "", card: "", expiration: "" }).error!).fieldErrors;
      expect(missing).toEqual(empty);
      expect(missing).toMatchObject({ name: [CARD_MESSAGES.nameRequired], card: [CARD_MESSAGES.number] });
    }
    expect(testPaymentSchema.parse({ name: " Ada ", card: "4242-4242 4242 4242" })).toEqual({ name: "Ada", card: "4242424242424242" });
  });

  it("says each built-in issue the way the API's messages do", () => {
    const schema = z.object({
      url: z.string().max(10),
      title: z.string().min(3),
      team: z.string().min(1),
      count: z.number().int().max(5),
      type: z.enum(["a", "b"]),
      expires_at: z.iso.datetime(),
      tags: z.array(z.string()).max(1),
      labels: z.array(z.string()),
      missing: z.string(),
    });
    const messages = schema
      .safeParse({ url: "x".repeat(11), title: "ab", team: "", count: 6, type: "c", expires_at: "soon", tags: ["a", "b"], labels: [1] })
      .error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      "The url must not be greater than 10 characters.",
      "The title must be at least 3 characters.",
      "The team field is required.",
      "The count must not be greater than 5.",
      "The selected type is invalid.",
      "The expires at is not a valid date and time (ISO 8601).",
      "The tags must not have more than 1 items.",
      "The labels must be a string.",
      "The missing field is required.",
    ]);
    expect(z.object({}).safeParse([]).error?.issues[0]?.message).toBe("The request body must be a JSON object.");
  });

  it("a union refused for a value of one branch's type says that branch's complaint, of the union's field", () => {
    const schema = z.object({ tags: z.union([z.array(z.string()).max(3), z.string().max(10)]) });
    const message = (tags: unknown) => schema.safeParse({ tags }).error?.issues[0]?.message;
    expect(message(["a", "b", "c", "d"])).toBe("The tags must not have more than 3 items.");
    expect(message("x".repeat(11))).toBe("The tags must not be greater than 10 characters.");
    // A value of neither type: no branch to speak for it.
    expect(message(7)).toBe("The tags is invalid.");
    // A branch's own message is kept.
    const own = z.object({ tags: z.union([z.array(z.string()).max(1, { error: "Too many tags." }), z.string()]) });
    expect(own.safeParse({ tags: ["a", "b"] }).error?.issues[0]?.message).toBe("Too many tags.");
  });

  it("the REST API's tags: 5000 of them are refused with the limit, not 'The tags is invalid.'", () => {
    const tags = Array.from({ length: 5000 }, (_, i) => `tag${i}`);
    const result = z.object({ tags: TagsField }).safeParse({ tags });
    expect(result.error ? zodMessages(result.error) : []).toEqual([`tags: ${TAG_MESSAGES.tooMany}`]);
    expect(TAG_MESSAGES.tooMany).toBe(`A link can have at most ${MAX_TAGS_PER_LINK} tags.`);
  });
});
