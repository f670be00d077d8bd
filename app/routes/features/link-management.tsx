import type { RouteHandle } from "../../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../../components/content-page";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";
const primaryButton =
  "inline-flex items-center justify-center rounded-lg bg-indigo-600 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
const secondaryButton =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-3 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50";

const tools = [
  {
    title: "One dashboard for every link",
    body: "Every link you create appears in your dashboard with its destination, creation date, tags and click count, newest first. Open any link to see its details, QR code and analytics.",
  },
  {
    title: "Search that finds it fast",
    body: "Search by alias, destination URL or tag. Looking for last spring's newsletter link? Type a word from the page address and it is there.",
  },
  {
    title: "Tags to keep things tidy",
    body: "Group links by campaign, channel, client or anything else. A link can carry several tags, and filtering by tag narrows the list instantly.",
  },
  {
    title: "Edit the destination any time",
    body: "Printed the wrong URL on a flyer? Change where the short link points and every future click goes to the new page. The short link itself never changes.",
  },
  {
    title: "Archive without losing history",
    body: "Archive links you no longer use to keep the list focused. Archived links keep their click history and can be restored whenever you need them.",
  },
  {
    title: "Expiry on your schedule",
    body: "Give a link an end date anywhere from 5 minutes to 5 years ahead. After that moment visitors see a clear message instead of an outdated page.",
  },
];

export default function LinkManagementPage() {
  return (
    <ContentPage
      title="Link management"
      lead="Short links are easy to create and hard to keep track of. Snip gives you one place to find, organise, update and retire every link you share, whether you have ten of them or ten thousand."
    >
      <Section title="Everything you need to stay organised">
        <div className="grid gap-4 sm:grid-cols-2">
          {tools.map((tool) => (
            <div key={tool.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{tool.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{tool.body}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section title="Edits apply immediately">
        <p>
          Snip answers every short link with a temporary (302) redirect. Browsers and proxies don't cache a temporary redirect the way they
          cache a permanent one, so when you change a destination, the very next click follows the new address. There is no waiting for
          caches to expire and no need to reprint a QR code.
        </p>
        <p>
          The same is true for expiry and archiving: the moment a link expires, visitors stop being sent to the old destination, everywhere
          in the world.
        </p>
      </Section>

      <Section title="Create hundreds of links at once">
        <p>
          Launching a campaign across many channels, or moving an existing set of links to Snip? Upload a spreadsheet and Snip creates the
          links for you. Bulk creation accepts CSV, XLS, XLSX and ODS files up to 10&nbsp;MB. Each row holds a destination and, optionally,
          a custom alias, tags and an expiry date.
        </p>
        <ul className="list-disc pl-6 space-y-2">
          <li>Rows are checked with the same rules as the single-link form, so a bad row never produces a broken link.</li>
          <li>You get a per-row report: which links were created and why any row was skipped.</li>
          <li>Destinations keep their query strings, including UTM parameters, exactly as written in the file.</li>
        </ul>
      </Section>

      <Section title="Automate it with the API and webhooks">
        <p>
          Everything you can do in the dashboard you can also do from code. Create an API token in your account settings and use Snip's REST
          API to create, update, tag and expire links from your own systems. The API is described by an OpenAPI document at{" "}
          <code>/openapi/v2.json</code>, with reference documentation at{" "}
          <Link to="/app/dev" className={linkClass}>
            the developer page
          </Link>
          . Webhooks let your own systems react to link events as they happen, without polling.
        </p>
      </Section>

      <Section title="Work together">
        <p>
          Teams and organizations share a link library. Admins manage members and billing, members create and edit links, and viewers can
          follow results without being able to change anything. Everyone works from the same up-to-date list, so nobody has to ask which
          link is the right one.
        </p>
      </Section>

      <Section title="Related features">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <Link to="/app/features/custom-links" className={linkClass}>
              Custom links
            </Link>
            : choose aliases people can read and remember.
          </li>
          <li>
            <Link to="/app/features/branded-domains" className={linkClass}>
              Branded domains
            </Link>
            : put your own domain in front of every link.
          </li>
          <li>
            <Link to="/app/features/link-analytics" className={linkClass}>
              Link analytics
            </Link>
            : see who clicks, from where and on what device.
          </li>
        </ul>
      </Section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to="/" className={primaryButton}>
          Shorten a link
        </Link>
        <Link to="/app/pricing" className={secondaryButton}>
          See plans
        </Link>
      </div>
    </ContentPage>
  );
}
