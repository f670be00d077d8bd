/**
 * /app/kiosk/long-urls (L and developer; issue 19, decision 036): destinations across every link,
 * with how many links point to each; staff terminate (or restore) every link to one destination at
 * once — one db.batch for all of them with the staff log row, each link's edge record rewritten.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import { KIOSK_PAGE_SIZE, linkIdsByDestination, searchDestinations } from "../../../db/kiosk-links.server";
import { setLinksTerminated } from "../../../db/trust-safety.server";
import { Notice, useFormValues } from "../../components/form-fields";
import { KioskCard, kioskInput, kioskSmallButton, kioskSmallDanger } from "../../components/kiosk";
import { SAFETY_MESSAGES, terminateSchema } from "../../forms/trust-safety";
import { safetyStores } from "../../lib/kiosk/safety.server";
import { requireStaff } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/long-urls";
import { formIntent, requestFormData } from "../../lib/form-body.server";
import { MESSAGES } from "../../../domain/messages";

export const meta: Route.MetaFunction = () => [{ title: "Long URLs | Kiosk | Snip" }, { name: "robots", content: "noindex" }];

const PAGE = "/app/kiosk/long-urls";

const querySchema = z.object({
  q: z.string().trim().max(2048).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  done: z.enum(["terminated", "restored"]).optional().catch(undefined),
  n: z.coerce.number().int().min(0).catch(0),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = requireStaff(request, context);
  const { q, page, done, n } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows, total } = await searchDestinations(db, q, page);
  const notice = done
    ? `${n} link${n === 1 ? "" : "s"} ${done === "terminated" ? "terminated: they stop redirecting within seconds" : "restored"}.`
    : null;
  return { q, page, total, pages: Math.max(1, Math.ceil(total / KIOSK_PAGE_SIZE)), destinations: rows, notice };
}

type Reply = { url: string; error: string };

const destinationSchema = z.object({ url: z.string().min(1, SAFETY_MESSAGES.destinationRequired).max(4096) });

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  const formData = await requestFormData(request);
  const destination = destinationSchema.safeParse(Object.fromEntries(formData));
  if (!destination.success) return data<Reply>({ url: "", error: SAFETY_MESSAGES.destinationRequired }, { status: 422 });
  const { url } = destination.data;
  const ids = await linkIdsByDestination(staff.db, url);
  if (ids.length === 0) return data<Reply>({ url, error: SAFETY_MESSAGES.notFound }, { status: 404 });
  const back = new URLSearchParams(String(formData.get("back") ?? "").replace(/^\?/, ""));
  back.delete("done");
  back.delete("n");
  const intent = formIntent(formData, ["restore", "terminate"]);
  if (!intent) return data<Reply>({ url, error: MESSAGES.unknownAction }, { status: 400 });
  if (intent === "restore") {
    const n = await setLinksTerminated(safetyStores(staff), staff.actor, ids, null, url);
    back.set("done", "restored");
    back.set("n", String(n));
    return redirect(`${PAGE}?${back}`);
  }
  const submission = parseWithZod(formData, { schema: terminateSchema });
  if (submission.status !== "success")
    return data<Reply>({ url, error: submission.error?.reason?.[0] ?? SAFETY_MESSAGES.reasonRequired }, { status: 422 });
  const n = await setLinksTerminated(safetyStores(staff), staff.actor, ids, submission.value.reason, url);
  back.set("done", "terminated");
  back.set("n", String(n));
  return redirect(`${PAGE}?${back}`);
}

export default function KioskLongUrls(props: Route.ComponentProps) {
  const location = useLocation();
  return <KioskLongUrlsPage key={location.key} {...props} />;
}

function KioskLongUrlsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { q, page, pages, total, destinations, notice } = loaderData;
  const searchForm = useFormValues({ q });
  const reply = actionData as Reply | undefined;
  const back = `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  const pageHref = (n: number) => `${PAGE}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <div className="space-y-6">
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {reply && !reply.url ? <Notice tone="error">{reply.error}</Notice> : null}
      <KioskCard
        id="long-urls"
        title="Long URLs"
        description="Destinations across every link, most links first. Terminating a destination terminates every link to it."
      >
        <Form ref={searchForm} method="get" className="mb-4 flex gap-2" role="search">
          <label htmlFor="long-urls-q" className="sr-only">
            Search destinations
          </label>
          <input
            id="long-urls-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Part of a destination URL"
            className="flex-1 rounded-lg border border-slate-300 px-3 py-2"
          />
          <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
            Search
          </button>
        </Form>
        <p className="mb-2 text-sm text-slate-600">
          {total} destination{total === 1 ? "" : "s"}
        </p>
        {destinations.length === 0 ? (
          <p className="text-sm text-slate-600">No destination matches.</p>
        ) : (
          <table className="w-full text-left text-sm" aria-label="Destinations">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-4">Destination</th>
                <th className="py-2 pr-4">Links</th>
                <th className="py-2 pr-4">Terminated</th>
                <th className="py-2" />
              </tr>
            </thead>
            <tbody>
              {destinations.map((row) => (
                <tr key={row.url} className="border-t border-slate-100 align-top">
                  <td className="max-w-md py-2 pr-4 break-all">
                    <Link to={`/app/kiosk/aliases?${new URLSearchParams({ q: row.url })}`} className="text-indigo-700 hover:underline">
                      {row.url}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{row.links}</td>
                  <td className="py-2 pr-4">{row.held}</td>
                  <td className="py-2">
                    <div className="flex flex-wrap items-start justify-end gap-2">
                      <Form method="post" className="flex items-start gap-1" noValidate>
                        <input type="hidden" name="url" value={row.url} />
                        <input type="hidden" name="back" value={back} />
                        <div>
                          <input
                            name="reason"
                            type="text"
                            aria-label={`Reason for terminating every link to ${row.url}`}
                            placeholder="Reason"
                            aria-invalid={reply?.url === row.url || undefined}
                            className={`${kioskInput} w-40 py-1 text-xs ${reply?.url === row.url ? "border-red-500" : "border-slate-300"}`}
                          />
                          {reply?.url === row.url ? <p className="mt-1 text-xs text-red-600">{reply.error}</p> : null}
                        </div>
                        <button type="submit" name="intent" value="terminate" className={kioskSmallDanger}>
                          Terminate all
                        </button>
                      </Form>
                      {row.held > 0 ? (
                        <Form method="post">
                          <input type="hidden" name="url" value={row.url} />
                          <input type="hidden" name="back" value={back} />
                          <button type="submit" name="intent" value="restore" className={kioskSmallButton}>
                            Restore all
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages > 1 ? (
          <nav aria-label="Pagination" className="mt-4 flex gap-3 text-sm">
            {page > 1 ? <Link to={pageHref(page - 1)}>Previous</Link> : null}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? <Link to={pageHref(page + 1)}>Next</Link> : null}
          </nav>
        ) : null}
      </KioskCard>
    </div>
  );
}
