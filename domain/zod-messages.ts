/**
 * zod's built-in English ("Too big: expected string to have <=4096 characters", "Invalid input:
 * expected string, received array") said the way the rest of Snip's messages are ("The url must
 * not be greater than 4096 characters.", "The alias must be a string."). A schema's own messages
 * (the spec's texts, the domain's rules) always win: this is zod's global fallback, installed once
 * by the app worker (`installZodMessages`), and used only where a schema says nothing of its own:
 * a crafted request (a field sent twice, a number for a text), a REST API body of the wrong shape.
 *
 * A field left out of a request says what the same field sent empty says, when the field's schema
 * has a message of its own for an empty value ("Cardholder name is required.", "Enter a card
 * number."): a form posted without a field is the same mistake as the field left blank, and
 * conform's forms send a blank field as a missing one. Only where the schema has no message of its
 * own for the empty value is the field called required in general words.
 */
import { z } from "zod";

/** The field an issue is about, as the messages name it: the last key of its path, words spaced. */
function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((part): part is string => typeof part === "string");
  return key ? key.replaceAll("_", " ") : "value";
}

const KIND: Record<string, string> = {
  string: "a string",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
};

/** The issue as zod hands it to an error map (before its message is set). */
type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

/** Stands for "no message of the schema's own" while a schema is asked what it says of an empty value. */
const NO_OWN_MESSAGE = "\u0000snip:no-own-message";

/**
 * What a text schema says of an empty value in its own words (its checks' or its own message), or
 * undefined when it accepts the empty value or says nothing of its own. The issue's `inst` is the
 * schema that refused the missing value; the per-parse error map answers NO_OWN_MESSAGE before this
 * fallback is asked again, so there is no recursion. A schema that is only the left end of a pipe
 * (`z.string().transform(...).pipe(...)`) cannot see the pipe's later checks: such a field states
 * its required message as the string's own (`z.string({ error })`) or uses `.overwrite()`.
 */
function ownEmptyMessage(issue: RawIssue): string | undefined {
  const schema = issue.inst as z.core.$ZodType | undefined;
  if (!schema?._zod?.traits?.has("$ZodType")) return undefined;
  let result: ReturnType<typeof z.safeParse>;
  try {
    result = z.safeParse(schema, "", { error: () => NO_OWN_MESSAGE });
  } catch {
    // A schema that cannot be asked synchronously (an async check): the general words.
    return undefined;
  }
  if (result.success) return undefined;
  return result.error.issues.map((own) => own.message).find((message) => message !== NO_OWN_MESSAGE);
}

/** The message for one of zod's own issues, or undefined to leave it to zod. */
export function builtInIssueMessage(issue: RawIssue): string | undefined {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case "too_big":
      if (issue.origin === "string") return `The ${field} must not be greater than ${issue.maximum} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `The ${field} must not have more than ${issue.maximum} items.`;
      return `The ${field} must not be greater than ${issue.maximum}.`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return `The ${field} field is required.`;
      if (issue.origin === "string") return `The ${field} must be at least ${issue.minimum} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `The ${field} must have at least ${issue.minimum} items.`;
      return `The ${field} must be at least ${issue.minimum}.`;
    case "invalid_type":
      if (issue.input === undefined)
        return (issue.expected === "string" ? ownEmptyMessage(issue) : undefined) ?? `The ${field} field is required.`;
      if ((issue.path ?? []).length === 0 && issue.expected === "object") return "The request body must be a JSON object.";
      if (issue.expected === "int") return `The ${field} must be a whole number.`;
      return `The ${field} must be ${KIND[issue.expected] ?? `of type ${issue.expected}`}.`;
    case "invalid_value":
      return `The selected ${field} is invalid.`;
    case "invalid_union":
      return unionBranchMessage(issue) ?? `The ${field} is invalid.`;
    case "invalid_format":
      return issue.format === "datetime" ? `The ${field} is not a valid date and time (ISO 8601).` : `The ${field} format is invalid.`;
    default:
      return undefined;
  }
}

/**
 * A union refused: when the value has the type of exactly one of its branches (a list where a list
 * or a text is taken), that branch's first complaint, said of the union's field ("The tags must not
 * have more than 50 items.", or the branch's own message), rather than "The tags is invalid.".
 */
function unionBranchMessage(issue: RawIssue): string | undefined {
  if (issue.code !== "invalid_union") return undefined;
  const branches = (issue.errors ?? []).filter(
    (branch) => branch.length > 0 && !branch.some((inner) => inner.code === "invalid_type" && inner.path.length === 0),
  );
  if (branches.length !== 1) return undefined;
  const inner = branches[0]![0]!;
  // A built-in message was said of the branch's own path; one a schema gave is kept as it is.
  const own = inner.message !== builtInIssueMessage(inner as unknown as RawIssue);
  if (own) return inner.message;
  return builtInIssueMessage({ ...inner, path: [...(issue.path ?? []), ...inner.path] } as unknown as RawIssue) ?? inner.message;
}

/** Makes these messages zod's fallback for every schema in this isolate. */
export function installZodMessages(): void {
  z.config({ customError: builtInIssueMessage });
}
