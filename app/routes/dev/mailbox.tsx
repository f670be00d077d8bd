/**
 * /__dev/mailbox: mail "sent" in local runs (no mail API configured), newest first, with its
 * links. Answers 404 unless LOCAL_DEV is "true", so it never exists in production.
 */
import { data } from "react-router";
import { getDb } from "../../../db/client.server";
import { listDevMail } from "../../../db/dev-mail.server";
import { getCloudflare } from "../../context.server";
import type { RouteHandle } from "../../route-handle";
import type { Route } from "./+types/mailbox";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Dev mailbox | Snip" }, { name: "robots", content: "noindex" }];

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  if (env.LOCAL_DEV !== "true") throw data("Not Found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.toLowerCase() ?? "";
  const mail = await listDevMail(getDb(env.DB), 100);
  return {
    to,
    mail: mail
      .filter((m) => !to || m.to.toLowerCase() === to)
      .map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        links: m.text.match(URL_PATTERN) ?? [],
        sentAt: m.createdAt.toISOString(),
      })),
  };
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-extrabold text-slate-900">Dev mailbox</h1>
      <p className="mt-2 text-sm text-slate-600">
        Local runs only: mail the service sent, newest first. Production delivers through the mail API instead.
      </p>
      <form method="get" className="mt-6 flex gap-2">
        <label htmlFor="mailbox-to" className="sr-only">
          Recipient
        </label>
        <input
          id="mailbox-to"
          name="to"
          type="email"
          defaultValue={loaderData.to}
          placeholder="Filter by recipient"
          className="flex-1 rounded-lg border border-slate-300 px-3 py-2"
        />
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
          Filter
        </button>
      </form>
      {loaderData.mail.length === 0 ? <p className="mt-8 text-slate-600">No mail yet.</p> : null}
      <ul className="mt-6 space-y-4">
        {loaderData.mail.map((m) => (
          <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="mail">
            <p className="text-xs text-slate-500">
              To <span data-testid="mail-to">{m.to}</span> · <time dateTime={m.sentAt}>{m.sentAt.replace("T", " ").slice(0, 19)} UTC</time>
            </p>
            <h2 className="mt-1 font-bold text-slate-900" data-testid="mail-subject">
              {m.subject}
            </h2>
            <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm text-slate-700">{m.text}</pre>
            {m.links.length ? (
              <ul className="mt-3 space-y-1">
                {m.links.map((link) => (
                  <li key={link}>
                    <a href={link} className="break-all text-sm font-semibold text-indigo-700 hover:underline" data-testid="mail-link">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
