/**
 * Pieces of the invitation pages (docs/decisions/030): a labelled select and the message field
 * with their first error, and the list of pending invitations with a Revoke button each. Plain
 * form controls: they work without JavaScript.
 */
import { Form } from "react-router";
import { INVITATION_MESSAGE_MAX } from "../../../domain/invitations";
import { FieldError, SubmitButton } from "../form-fields";
import { DateTime } from "../settings";

const controlClass =
  "w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm outline-none transition focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100";

export function SelectField({
  label,
  name,
  options,
  defaultValue,
  errors,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  errors?: string[] | null;
}) {
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className={`${controlClass} ${errors?.length ? "border-red-500" : "border-slate-300"}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function MessageField({ defaultValue, errors }: { defaultValue?: string; errors?: string[] | null }) {
  return (
    <div>
      <label htmlFor="field-message" className="mb-1.5 block text-sm font-semibold text-slate-800">
        Message <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <textarea
        id="field-message"
        name="message"
        rows={3}
        maxLength={INVITATION_MESSAGE_MAX}
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? "field-message-error" : undefined}
        className={`${controlClass} ${errors?.length ? "border-red-500" : "border-slate-300"}`}
      />
      <FieldError id="field-message-error" errors={errors} />
    </div>
  );
}

export type PendingInvitationRow = {
  id: string;
  email: string;
  role: string;
  team: string | null;
  inviterName: string | null;
  expiresAt: string;
};

export function PendingInvitations({ invitations }: { invitations: readonly PendingInvitationRow[] }) {
  if (invitations.length === 0) return <p className="text-sm text-slate-600">No pending invitations.</p>;
  return (
    <ul aria-label="Pending invitations" className="divide-y divide-slate-100">
      {invitations.map((invitation) => (
        <li key={invitation.id} data-testid="pending-invitation" className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{invitation.email}</p>
            <p className="text-sm text-slate-600">
              {invitation.team ? `${invitation.team} · ` : ""}
              {invitation.role}
              {invitation.inviterName ? ` · invited by ${invitation.inviterName}` : ""} · expires <DateTime iso={invitation.expiresAt} />
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="id" value={invitation.id} />
            <SubmitButton className="rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50">
              Revoke
            </SubmitButton>
          </Form>
        </li>
      ))}
    </ul>
  );
}
