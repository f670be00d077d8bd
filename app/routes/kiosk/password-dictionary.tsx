/**
 * /app/kiosk/password_dictionary (L and developer; issue 19, decision 032): the passwords refused
 * at sign-up, password reset and password change. A list of common passwords ships with Snip
 * (domain/common-passwords.ts); staff add words to it and take words out, case-insensitively.
 * Every change writes a staff log row (the word's length only).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useLocation } from "react-router";
import { getDictionaryChange, listDictionaryChanges, setDictionaryChange } from "../../../db/password-dictionary.server";
import { COMMON_PASSWORDS, dictionaryKey } from "../../../domain/common-passwords";
import { FieldError, Notice } from "../../components/form-fields";
import { KioskCard, kioskInput, kioskSmallButton, StaffLog } from "../../components/kiosk";
import { DateTime, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { dictionaryWordSchema, KIOSK_MESSAGES } from "../../forms/kiosk";
import { noticeOf, requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import { isRefusedByDictionary } from "../../lib/password-dictionary.server";
import type { Route } from "./+types/password-dictionary";
import { requestFormData } from "../../lib/form-body.server";

export const meta: Route.MetaFunction = () => [{ title: "Password dictionary | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

const PAGE = "/app/kiosk/password_dictionary";

const NOTICES = {
  added: "The password is now refused at sign-up, password reset and password change.",
  removed: "The password is no longer refused.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireStaff(request, context);
  const [changes, log] = await Promise.all([listDictionaryChanges(db), staffLog(db, "password")]);
  return {
    notice: noticeOf(request, NOTICES),
    shipped: COMMON_PASSWORDS.size,
    changes: changes.map((row) => ({
      word: row.word,
      kind: row.kind,
      shipped: COMMON_PASSWORDS.has(row.word),
      at: row.createdAt.toISOString(),
    })),
    log,
  };
}

type Reply = { result: SubmissionResult<string[]>; checked?: { word: string; refused: boolean } };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(request, context);
  const formData = await requestFormData(request);
  const submission = parseWithZod(formData, { schema: dictionaryWordSchema });
  if (submission.status !== "success") return data<Reply>({ result: submission.reply() }, { status: 422 });
  const { intent } = submission.value;
  const word = dictionaryKey(submission.value.word);
  const change = await getDictionaryChange(db, word);
  const refused = isRefusedByDictionary(word, change);

  if (intent === "check") return data<Reply>({ result: submission.reply({ resetForm: false }), checked: { word, refused } });
  if (intent === "add") {
    if (refused)
      return data<Reply>({ result: submission.reply({ fieldErrors: { word: [KIOSK_MESSAGES.alreadyRefused] } }) }, { status: 422 });
    // A shipped word staff had taken out goes back to the shipped list; any other is a staff addition.
    await setDictionaryChange(db, actor, word, change === "removed" ? null : "added", "password.added");
    return redirect(`${PAGE}?notice=added`);
  }
  if (!refused) return data<Reply>({ result: submission.reply({ fieldErrors: { word: [KIOSK_MESSAGES.notRefused] } }) }, { status: 422 });
  await setDictionaryChange(db, actor, word, COMMON_PASSWORDS.has(word) ? "removed" : null, "password.removed");
  return redirect(`${PAGE}?notice=removed`);
}

export default function KioskPasswordDictionary(props: Route.ComponentProps) {
  // Every navigation (the answer to a post included) mounts the page's forms afresh: a refused
  // post shows its errors and keeps what was typed (conform's lastResult), a saved one starts empty.
  const location = useLocation();
  return <KioskPasswordDictionaryPage key={location.key} {...props} />;
}

function KioskPasswordDictionaryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shipped, changes, log, notice } = loaderData;
  const reply = actionData as Reply | undefined;
  const [form, fields] = useForm<{ word: string }>({ id: "dictionary", lastResult: reply?.result });
  const added = changes.filter((row) => row.kind === "added");
  const removed = changes.filter((row) => row.kind === "removed");
  return (
    <div className="space-y-6">
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      <KioskCard
        id="dictionary"
        title="Password dictionary"
        description={
          <>
            These passwords are refused at sign-up, password reset and password change, whatever their case. {shipped} common passwords ship
            with Snip; add more or take one out here.
          </>
        }
      >
        <Form method="post" {...getFormProps(form)} noValidate className="max-w-xl space-y-3">
          <div>
            <label htmlFor={fields.word.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Password
            </label>
            <input
              {...getInputProps(fields.word, { type: "text" })}
              key={fields.word.key}
              autoComplete="off"
              spellCheck={false}
              className={`${kioskInput} ${fields.word.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.word.errorId} errors={fields.word.errors} />
          </div>
          {reply?.checked ? (
            <Notice tone="info">
              {reply.checked.refused ? "This password is refused." : "This password is allowed (not in the dictionary)."}
            </Notice>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="add" className={settingsButton}>
              Add to the dictionary
            </button>
            <button type="submit" name="intent" value="remove" className={settingsSecondaryButton}>
              Remove from the dictionary
            </button>
            <button type="submit" name="intent" value="check" className={settingsSecondaryButton}>
              Check
            </button>
          </div>
        </Form>
      </KioskCard>

      <KioskCard id="added" title="Added by staff">
        {added.length === 0 ? (
          <p className="text-sm text-slate-600">No passwords added yet.</p>
        ) : (
          <WordTable rows={added} action="remove" />
        )}
      </KioskCard>
      <KioskCard id="removed" title="Common passwords allowed again">
        {removed.length === 0 ? (
          <p className="text-sm text-slate-600">Every shipped password is refused.</p>
        ) : (
          <WordTable rows={removed} action="add" />
        )}
      </KioskCard>
      <StaffLog rows={log} />
    </div>
  );
}

function WordTable({ rows, action }: { rows: { word: string; at: string }[]; action: "add" | "remove" }) {
  return (
    <table className="w-full text-left text-sm" aria-label={action === "remove" ? "Added by staff" : "Allowed again"}>
      <thead className="text-xs uppercase tracking-wide text-slate-500">
        <tr>
          <th className="py-2 pr-4">Password</th>
          <th className="py-2 pr-4">Since</th>
          <th className="py-2" />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.word} className="border-t border-slate-100">
            <td className="py-2 pr-4 font-mono break-all">{row.word}</td>
            <td className="py-2 pr-4">
              <DateTime iso={row.at} />
            </td>
            <td className="py-2 text-right">
              <Form method="post">
                <input type="hidden" name="word" value={row.word} />
                <button
                  type="submit"
                  name="intent"
                  value={action}
                  className={kioskSmallButton}
                  aria-label={`${action === "remove" ? "Remove" : "Refuse again"} ${row.word}`}
                >
                  {action === "remove" ? "Remove" : "Refuse again"}
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
