/**
 * /app/settings/invoices (L): the provider's invoices (Stripe invoices, Paddle completed
 * transactions), or the paid test-mode checkouts. Hidden for users with the hide-invoices
 * status bit (16): the sidebar leaves it out and the page goes back to the settings.
 */
import { redirect } from "react-router";
import { getDb } from "../../../db/client.server";
import { getCurrentSubscriptionRow } from "../../../db/billing.server";
import { invoicesHidden } from "../../../domain/billing";
import { SettingsCard, SettingsHeading } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { billingForSubscription } from "../../lib/billing/select.server";
import { vatinfoPathForOwner } from "../../lib/billing/tax-ids.server";
import type { RouteHandle } from "../../route-handle";
import { requireUser } from "../../session.server";
import type { Route } from "./+types/invoices";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Invoices | Snip" }];

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const money = (minor: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency }).format(minor / 100);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  if (invoicesHidden(viewer.user.status)) throw redirect("/app/settings");
  const { env } = getCloudflare(context);
  const db = getDb(env.DB);
  const row = await getCurrentSubscriptionRow(db, viewer.user.id);
  let failed = false;
  const invoices = await billingForSubscription(env, row?.billingType ?? null)
    .listInvoices(viewer.user.id)
    .catch((error: unknown) => {
      console.error("invoices could not be listed", error instanceof Error ? error.message : error);
      failed = true;
      return [];
    });
  return {
    failed,
    /** The tax-id form for this customer (docs/decisions/046), when there is a customer to give it to. */
    vatinfo: await vatinfoPathForOwner(env, db, viewer.user.id),
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      date: DATE.format(i.date),
      amount: money(i.amount, i.currency),
      status: i.status.charAt(0).toUpperCase() + i.status.slice(1),
      url: i.url,
    })),
  };
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { invoices, failed, vatinfo } = loaderData;
  return (
    <>
      <SettingsHeading title="Invoices" lead="Every payment for your subscription." />
      <SettingsCard title="Your invoices">
        {failed ? (
          <p className="text-sm text-red-700">An error has occurred, please try again.</p>
        ) : invoices.length === 0 ? (
          <p className="text-sm text-slate-700">No invoices yet.</p>
        ) : (
          <table className="w-full text-left text-sm" aria-label="Invoices">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-3 font-semibold">Invoice</th>
                <th className="py-2 pr-3 font-semibold">Date</th>
                <th className="py-2 pr-3 font-semibold">Amount</th>
                <th className="py-2 font-semibold">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700">
              {invoices.map((i) => (
                <tr key={i.id}>
                  <td className="py-2 pr-3 font-medium">
                    {i.url ? (
                      <a href={i.url} className="text-indigo-700 hover:underline" rel="noreferrer">
                        {i.number}
                      </a>
                    ) : (
                      i.number
                    )}
                  </td>
                  <td className="py-2 pr-3">{i.date}</td>
                  <td className="py-2 pr-3">{i.amount}</td>
                  <td className="py-2">{i.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </SettingsCard>
      {vatinfo ? (
        <SettingsCard title="Tax ID">
          <p className="text-sm text-slate-700">
            Need your VAT number or another tax ID on your invoices?{" "}
            <a href={vatinfo} className="font-semibold text-indigo-700 hover:underline">
              Add a tax ID
            </a>
            . The link opens the form without signing in, so your accountant can use it too.
          </p>
        </SettingsCard>
      ) : null}
    </>
  );
}
