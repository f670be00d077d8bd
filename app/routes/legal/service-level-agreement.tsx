import type { RouteHandle } from "../../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../../components/content-page";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";

const credits = [
  { uptime: "Below 99.9% but at least 99.0%", credit: "10%" },
  { uptime: "Below 99.0% but at least 95.0%", credit: "25%" },
  { uptime: "Below 95.0%", credit: "50%" },
];

export default function ServiceLevelAgreementPage() {
  return (
    <ContentPage
      title="Service Level Agreement"
      lead="Snip commits to 99.9% monthly uptime for Enterprise customers. If we miss that commitment in a month, you are entitled to service credits against your next invoice."
      updated="November 1, 2026"
    >
      <Section title="1. Scope" id="scope">
        <p>
          This Service Level Agreement (&ldquo;SLA&rdquo;) applies to customers on Snip's Enterprise plan and forms part of the{" "}
          <Link to="/app/enterprise-terms" className={linkClass}>
            Enterprise Terms
          </Link>
          . It covers two components of the Service:
        </p>
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>Redirects:</strong> answering requests for the Customer's short links, on Snip domains and on the Customer's verified
            branded domains.
          </li>
          <li>
            <strong>API:</strong> the REST API described at{" "}
            <Link to="/app/dev" className={linkClass}>
              /app/dev
            </Link>
            .
          </li>
        </ul>
        <p>
          The dashboard, analytics processing, webhooks delivery and free or trial accounts are not covered by this SLA, although we work to
          keep them just as reliable.
        </p>
      </Section>

      <Section title="2. Uptime commitment" id="commitment">
        <p>
          Snip will make each covered component available with a <strong>Monthly Uptime Percentage of at least 99.9%</strong>. That allows
          for no more than about 43 minutes of downtime in a 30-day month.
        </p>
      </Section>

      <Section title="3. Definitions" id="definitions">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>Downtime:</strong> a minute in which more than 5% of valid requests to a covered component fail with a server error
            (HTTP 5xx) or time out, as measured by Snip's monitoring from multiple locations.
          </li>
          <li>
            <strong>Monthly Uptime Percentage:</strong> the total minutes in a calendar month minus the minutes of Downtime, divided by the
            total minutes in that month, expressed as a percentage.
          </li>
          <li>
            <strong>Monthly Fee:</strong> the Enterprise subscription fees attributable to the month concerned (for annual subscriptions,
            one twelfth of the annual fee).
          </li>
          <li>
            <strong>Service Credit:</strong> a percentage of the Monthly Fee credited against future invoices.
          </li>
        </ul>
      </Section>

      <Section title="4. Service credits" id="credits">
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Monthly Uptime Percentage
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Service Credit
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white">
              {credits.map((row) => (
                <tr key={row.uptime}>
                  <td className="px-4 py-3 text-slate-700">{row.uptime}</td>
                  <td className="px-4 py-3 font-semibold text-slate-900">{row.credit} of the Monthly Fee</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Credits are calculated per month and based on the lowest Monthly Uptime Percentage of the covered components in that month. Total
          credits in any month will not exceed 50% of the Monthly Fee.
        </p>
      </Section>

      <Section title="5. How to claim a credit" id="claims">
        <ol className="list-decimal pl-6 space-y-2">
          <li>
            Email{" "}
            <a href="mailto:support@snip.example" className={linkClass}>
              support@snip.example
            </a>{" "}
            with the subject &ldquo;SLA credit request&rdquo; within 30 days after the end of the month in which the Downtime occurred.
          </li>
          <li>Include your organization name, the dates and times of the Downtime and, if possible, affected links or API requests.</li>
          <li>
            We confirm or respond to the claim within 10 business days. Confirmed credits are applied to the next invoice, or refunded if
            the subscription is ending and no further invoices are due.
          </li>
        </ol>
      </Section>

      <Section title="6. Exclusions" id="exclusions">
        <p>Downtime does not include unavailability caused by:</p>
        <ul className="list-disc pl-6 space-y-2">
          <li>scheduled maintenance announced at least 72 hours in advance (we design maintenance to avoid interrupting redirects);</li>
          <li>the Customer's own DNS, domain registration or configuration of a branded domain, including an expired domain;</li>
          <li>links that are disabled, expired, deleted or removed under the Terms of Service;</li>
          <li>requests that exceed rate limits, or use of the Service contrary to the agreement;</li>
          <li>
            factors outside Snip's reasonable control, such as widespread internet outages or force majeure events, provided that Snip has
            taken reasonable steps to mitigate them;
          </li>
          <li>suspension of the Service in accordance with the Enterprise Terms.</li>
        </ul>
      </Section>

      <Section title="7. Sole remedy" id="remedy">
        <p>
          Service credits are the Customer's sole and exclusive remedy for failure to meet the uptime commitment, except that if the Monthly
          Uptime Percentage falls below 99.0% in three consecutive months, the Customer may terminate its Enterprise subscription by written
          notice within 30 days and receive a refund of prepaid fees for the remaining term.
        </p>
      </Section>

      <Section title="8. Why redirects stay up" id="architecture">
        <p>
          Snip answers redirects on Cloudflare's edge network, close to each visitor, rather than from a single data centre. A problem in
          one location doesn't take your links down everywhere, and the dashboard and redirects are separate systems, so maintenance on one
          doesn't interrupt the other. Read more in{" "}
          <Link to="/app/features/how-snip-works" className={linkClass}>
            how Snip works
          </Link>
          .
        </p>
      </Section>
    </ContentPage>
  );
}
