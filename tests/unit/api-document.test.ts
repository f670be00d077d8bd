/**
 * The OpenAPI document states the bounds the REST API enforces: a client that follows it is not
 * refused for a length, a count or a page the document allowed (docs/decisions/011). Some fields
 * are parsed loosely so that the domain's rules answer with their own messages; the document
 * still says what those rules accept.
 */
import { expect, test } from "vitest";
import { getOpenApiDocument } from "../../app/api/v2/app.server";
import { route as listRoute } from "../../app/api/v2/endpoints/list-urls.server";
import { DESCRIPTION_MAX_LENGTH } from "../../app/forms/create-link-rules";
import { ALIAS_MAX_LENGTH, ALIAS_MIN_LENGTH, checkCustomAlias } from "../../domain/alias";
import { MAX_TAGS_PER_LINK, TAG_MAX_LENGTH } from "../../domain/tag-rules";

type Schema = {
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  items?: Schema;
  maxLength?: number;
  maxItems?: number;
  maximum?: number;
  pattern?: string;
};
type Document = {
  components: { schemas: Record<string, Schema> };
  paths: Record<string, Record<string, { parameters?: { name: string; schema: Schema }[] }>>;
};

const document = getOpenApiDocument() as Document;
const { CreateLink, UpdateLink } = document.components.schemas;

test("descriptions: the document's bound is the one the API refuses past", () => {
  expect(CreateLink!.properties!.description!.maxLength).toBe(DESCRIPTION_MAX_LENGTH);
  expect(UpdateLink!.properties!.description!.maxLength).toBe(DESCRIPTION_MAX_LENGTH);
});

test("tags: at most MAX_TAGS_PER_LINK in a list, each at most TAG_MAX_LENGTH characters", () => {
  for (const schema of [CreateLink!, UpdateLink!]) {
    const list = schema.properties!.tags!.anyOf!.find((s) => s.items)!;
    expect(list.maxItems).toBe(MAX_TAGS_PER_LINK);
    expect(list.items!.maxLength).toBe(TAG_MAX_LENGTH);
  }
});

test("a chosen alias: the document's pattern takes exactly what the alias rules take (reserved words apart)", () => {
  const create = CreateLink!.properties!.alias!;
  const update = UpdateLink!.properties!.new_alias!;
  expect(create.maxLength).toBe(ALIAS_MAX_LENGTH);
  expect(update.maxLength).toBe(ALIAS_MAX_LENGTH);
  const candidates = [
    "",
    "a".repeat(ALIAS_MIN_LENGTH - 1),
    "a".repeat(ALIAS_MIN_LENGTH),
    "a".repeat(ALIAS_MAX_LENGTH),
    "a".repeat(ALIAS_MAX_LENGTH + 1),
    "spring-sale_2",
    "spring sale",
    "ünïcode",
    "x.y.z.w",
  ];
  for (const alias of candidates) {
    const rulesTake = alias !== "" && checkCustomAlias(alias) === null;
    expect(new RegExp(update.pattern!).test(alias), `new_alias ${JSON.stringify(alias)}`).toBe(rulesTake);
    // On create, empty means a random alias.
    expect(new RegExp(create.pattern!).test(alias), `alias ${JSON.stringify(alias)}`).toBe(alias === "" || rulesTake);
  }
});

test("lists: the document states the last page the API takes", () => {
  const page = document.paths["/urls/{type}"]!.get!.parameters!.find((p) => p.name === "page")!;
  const maximum = page.schema.maximum;
  expect(maximum).toBeTypeOf("number");
  const query = listRoute.request.query;
  expect(query.safeParse({ page: String(maximum) }).success).toBe(true);
  expect(query.safeParse({ page: String(maximum! + 1) }).success).toBe(false);
});
