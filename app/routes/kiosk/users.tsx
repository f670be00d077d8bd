import { Form, Link, redirect } from "react-router";
import { useFormValues } from "../../components/form-fields";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { KIOSK_PAGE_SIZE, listUsers } from "../../../db/users.server";
import { getCloudflare } from "../../context.server";
import { requireKioskViewer } from "../../lib/kiosk/staff.server";
import type { Route } from "./+types/users";
import { pagePathname } from "../../lib/page-url";

const querySchema = z.object({
  q: z.string().trim().max(254).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireKioskViewer(request, context);
  const url = new URL(request.url);
  if (["/app/kiosk", "/app/kiosk/"].includes(pagePathname(url))) throw redirect("/app/kiosk/users");
  const { q, page } = querySchema.parse(Object.fromEntries(url.searchParams));
  const { rows, total } = await listUsers(getDb(getCloudflare(context).env.DB), { query: q, page });
  return {
    q,
    page,
    pages: Math.max(1, Math.ceil(total / KIOSK_PAGE_SIZE)),
    total,
    users: rows.map((u) => ({ ...u, createdAt: u.createdAt.toISOString().slice(0, 10) })),
  };
}

export default function KioskUsers({ loaderData }: Route.ComponentProps) {
  const { q, page, pages, total, users } = loaderData;
  const searchForm = useFormValues({ q });
  const pageHref = (n: number) => `/app/kiosk/users?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <section aria-labelledby="kiosk-users">
      <h2 id="kiosk-users" className="sr-only">
        Users
      </h2>
      <Form ref={searchForm} method="get" className="mb-4 flex gap-2">
        <label htmlFor="kiosk-q" className="sr-only">
          Search users
        </label>
        <input
          id="kiosk-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search by email or name"
          className="flex-1 rounded-lg border border-slate-300 px-3 py-2"
        />
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
          Search
        </button>
      </Form>
      <p className="mb-2 text-sm text-slate-600">
        {total} user{total === 1 ? "" : "s"}
      </p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="px-4 py-2">Email</th>
              <th className="px-4 py-2">Name</th>
              <th className="px-4 py-2">Verified</th>
              <th className="px-4 py-2">Developer</th>
              <th className="px-4 py-2">Joined</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-t border-slate-100">
                <td className="px-4 py-2">
                  <Link to={`/app/kiosk/user/${encodeURIComponent(u.id)}`} className="font-semibold text-indigo-700 hover:underline">
                    {u.email}
                  </Link>
                </td>
                <td className="px-4 py-2">{u.name}</td>
                <td className="px-4 py-2">{u.emailVerified ? "Yes" : "No"}</td>
                <td className="px-4 py-2">{u.isDeveloper ? "Yes" : "No"}</td>
                <td className="px-4 py-2">{u.createdAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Pagination" className="mt-4 flex gap-3 text-sm">
          {page > 1 ? <Link to={pageHref(page - 1)}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageHref(page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
