/**
 * The submit button of the account and organization forms stays busy (disabled) for the whole
 * submission with JavaScript on: while the action runs and while the page it leads to loads. A
 * second click in between posted the form again, and the refusal of that second post replaced the
 * first one's success on the page.
 */
import { expect, test } from "vitest";
import { submissionPending } from "../../app/components/form-fields";

const form = (entries: Record<string, string> = { name: "Sales" }) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

test("busy while the form is posted and while the page it redirects to loads", () => {
  expect(submissionPending({ state: "submitting", formData: form() })).toBe(true);
  expect(submissionPending({ state: "loading", formData: form() })).toBe(true);
});

test("not busy when idle, for a link's navigation, or for conform's check of a field", () => {
  expect(submissionPending({ state: "idle", formData: undefined })).toBe(false);
  expect(submissionPending({ state: "loading", formData: undefined })).toBe(false);
  expect(submissionPending({ state: "submitting", formData: form({ __intent__: "validate" }) })).toBe(false);
  expect(submissionPending({ state: "loading", formData: form({ __intent__: "validate" }) })).toBe(false);
});
