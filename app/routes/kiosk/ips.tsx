/**
 * /app/kiosk/ips (L and developer; issue 19, decision 032): client addresses and ranges (IPv4 and
 * IPv6 CIDR) refused sign-up and guest link creation (the guest form and TinyURL's legacy call),
 * each with a reason. The address checked is the one the abuse limits count
 * (app/lib/blocked-addresses.server.ts). Every change writes a staff log row.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useLocation } from "react-router";
import { z } from "zod";
import { addBlockedAddress, getBlockedAddress, listBlockedAddresses, removeBlockedAddress } from "../../../db/blocked-addresses.server";
import { FieldError, Notice } from "../../components/form-fields";
import { KioskCard, kioskInput, kioskSmallButton, StaffLog } from "../../components/kiosk";
import { DateTime, settingsButton } from "../../components/settings";
import { blockAddressSchema, KIOSK_MESSAGES } from "../../forms/kiosk";
import { noticeOf, requireStaff, staffLog } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/ips";
import { formIntent, requestFormData } from "../../lib/form-body.server";
import { MESSAGES } from "../../../domain/messages";

export const meta: Route.MetaFunction = () => [{ title: "Blocked addresses | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

const PAGE = "/app/kiosk/ips";

const NOTICES = {
  blocked: "The address is blocked: it can no longer sign up or create links as a guest.",
  unblocked: "The address is no longer blocked.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireStaff(request, context);
  const [rows, log] = await Promise.all([listBlockedAddresses(db), staffLog(db, "address")]);
  return {
    notice: noticeOf(request, NOTICES),
    blocked: rows.map((row) => ({ id: row.id, cidr: row.cidr, reason: row.reason, at: row.createdAt.toISOString() })),
    log,
  };
}

type Reply = { result?: SubmissionResult<string[]>; error?: string };

const unblockSchema = z.object({ id: z.string().min(1).max(64) });

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(request, context);
  const formData = await requestFormData(request);
  const intent = formIntent(formData, ["unblock", "block"]);
  if (!intent) return data<Reply>({ error: MESSAGES.unknownAction }, { status: 400 });
  if (intent === "unblock") {
    const parsed = unblockSchema.safeParse(Object.fromEntries(formData));
    const row = parsed.success ? await getBlockedAddress(db, parsed.data.id) : null;
    if (!row) return data<Reply>({ error: KIOSK_MESSAGES.notFound }, { status: 404 });
    await removeBlockedAddress(db, actor, row.id, row.cidr);
    return redirect(`${PAGE}?notice=unblocked`);
  }
  const submission = parseWithZod(formData, { schema: blockAddressSchema });
  if (submission.status !== "success") return data<Reply>({ result: submission.reply() }, { status: 422 });
  const added = await addBlockedAddress(db, actor, submission.value.cidr, submission.value.reason);
  if (!added) return data<Reply>({ result: submission.reply({ fieldErrors: { cidr: [KIOSK_MESSAGES.addressTaken] } }) }, { status: 422 });
  return redirect(`${PAGE}?notice=blocked`);
}

export default function KioskIps(props: Route.ComponentProps) {
  // Every navigation (the answer to a post included) mounts the page's forms afresh: a refused
  // post shows its errors and keeps what was typed (conform's lastResult), a saved one starts empty.
  const location = useLocation();
  return <KioskIpsPage key={location.key} {...props} />;
}

function KioskIpsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { blocked, log, notice } = loaderData;
  const reply = actionData as Reply | undefined;
  const [form, fields] = useForm<{ cidr: string; reason: string }>({ id: "block", lastResult: reply?.result });
  return (
    <div className="space-y-6">
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {reply?.error ? <Notice tone="error">{reply.error}</Notice> : null}
      <KioskCard
        id="block"
        title="Block an address"
        description="A blocked address or range cannot sign up or create links as a guest. Signed-in users keep their accounts."
      >
        <Form method="post" {...getFormProps(form)} noValidate className="max-w-xl space-y-4">
          <input type="hidden" name="intent" value="block" />
          <div>
            <label htmlFor={fields.cidr.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Address or range
            </label>
            <input
              {...getInputProps(fields.cidr, { type: "text" })}
              key={fields.cidr.key}
              placeholder="203.0.113.7, 198.51.100.0/24 or 2001:db8::/32"
              spellCheck={false}
              className={`${kioskInput} font-mono ${fields.cidr.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.cidr.errorId} errors={fields.cidr.errors} />
          </div>
          <div>
            <label htmlFor={fields.reason.id} className="mb-1.5 block text-sm font-semibold text-slate-800">
              Reason
            </label>
            <input
              {...getInputProps(fields.reason, { type: "text" })}
              key={fields.reason.key}
              className={`${kioskInput} ${fields.reason.errors ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
          </div>
          <button type="submit" className={settingsButton}>
            Block
          </button>
        </Form>
      </KioskCard>

      <KioskCard id="blocked" title="Blocked addresses">
        {blocked.length === 0 ? (
          <p className="text-sm text-slate-600">No address is blocked.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Blocked addresses">
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 pr-4">Range</th>
                  <th className="py-2 pr-4">Reason</th>
                  <th className="py-2 pr-4">Since</th>
                  <th className="py-2" />
                </tr>
              </thead>
              <tbody>
                {blocked.map((row) => (
                  <tr key={row.id} className="border-t border-slate-100">
                    <td className="py-2 pr-4 font-mono">{row.cidr}</td>
                    <td className="py-2 pr-4">{row.reason}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      <DateTime iso={row.at} />
                    </td>
                    <td className="py-2 text-right">
                      <Form method="post">
                        <input type="hidden" name="id" value={row.id} />
                        <button type="submit" name="intent" value="unblock" className={kioskSmallButton} aria-label={`Unblock ${row.cidr}`}>
                          Unblock
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </KioskCard>
      <StaffLog rows={log} />
    </div>
  );
}
