import type { RouteHandle } from "../../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../../components/content-page";
import { plansWithFreeDomains } from "../../../domain/orders";
import { PLANS } from "../../../domain/plans";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";
const primaryButton =
  "inline-flex items-center justify-center rounded-lg bg-indigo-600 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
const secondaryButton =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-3 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50";

// Which plans include free domains, from the plan table (decision 051): discounted_domain_count
// counts only with purchase_branded_domains, so a plan that cannot buy domains is not named.
const offers = plansWithFreeDomains(PLANS);
const offerText = offers.map((o) => `${o.title} (${o.count} domain${o.count === 1 ? "" : "s"})`).join(", ");
const connectOnly = PLANS.filter(
  (p) => !p.hidden && p.billable && p.features.includes("use_branded_domains") && !p.features.includes("purchase_branded_domains"),
).map((p) => p.title);

const steps = [
  {
    title: "Choose a yearly plan with domain purchase",
    body: `Subscribe to ${offers.map((o) => o.title).join(" or ")} with yearly billing. The free domains are included for the first year of the subscription.`,
  },
  {
    title: "Search and claim a name",
    body: "Search for an available domain from your account's domain settings and claim it. Snip registers it for you.",
  },
  {
    title: "We connect it",
    body: "DNS and HTTPS are set up automatically. Within minutes you can create links on your new domain.",
  },
];

export default function FreeDomainsPage() {
  return (
    <ContentPage
      title="A free domain for your links"
      lead="A branded domain is the single biggest upgrade you can make to your short links. With a yearly plan that includes domain purchase, Snip registers it for you and pays for the first year."
    >
      <Section title="How it works">
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="What's included">
        <ul className="list-disc pl-6 space-y-2">
          <li data-testid="free-domain-plans">
            The first year&apos;s registration of standard-priced domains, up to the count of your plan: {offerText}.
          </li>
          <li>Automatic DNS configuration and HTTPS certificates, issued and renewed for you.</li>
          <li>
            Everything that comes with{" "}
            <Link to="/app/features/branded-domains" className={linkClass}>
              branded domains
            </Link>
            : your own namespace of aliases, the same edge-speed redirects and full{" "}
            <Link to="/app/features/link-analytics" className={linkClass}>
              click analytics
            </Link>
            .
          </li>
          <li>Registration is in your organization's name; the domain is yours, not Snip's.</li>
        </ul>
        {connectOnly.length > 0 ? (
          <p data-testid="connect-only-plans">
            {new Intl.ListFormat("en", { type: "conjunction" }).format(connectOnly)} {connectOnly.length === 1 ? "does" : "do"} not include
            domain purchase, so no free domain: connect a domain you already own as a branded domain instead.
          </p>
        ) : null}
        <p>
          Premium domains (names a registry prices above its standard rate) are not included in the offer, but you can still connect one you
          buy elsewhere.
        </p>
      </Section>

      <Section title="After the first year: our renewal service">
        <p>
          Domains need to be renewed every year, and a lapsed domain means every link on it stops working. To make sure that never happens
          by accident, Snip offers a renewal service:
        </p>
        <ul className="list-disc pl-6 space-y-2">
          <li>We remind your account's admins by email well before the renewal date, and again as it approaches.</li>
          <li>
            With renewal switched on, Snip renews the domain automatically at the registry's standard price for that extension, charged
            together with your subscription. The price is shown before you claim the domain.
          </li>
          <li>You can switch renewal off at any time before the renewal date in your domain settings.</li>
          <li>
            You can transfer the domain to another registrar whenever you like; contact{" "}
            <a href="mailto:support@snip.example" className={linkClass}>
              support@snip.example
            </a>{" "}
            and we will send you the transfer code.
          </li>
        </ul>
      </Section>

      <Section title="Frequently asked questions">
        <div className="space-y-4">
          <div>
            <h3 className="font-semibold text-slate-900">What happens if I switch to monthly billing or cancel?</h3>
            <p>
              The domain remains registered until the end of the year that was paid for. After that it is renewed only if you keep the
              renewal service switched on; otherwise you can transfer it out or let it expire.
            </p>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">Is the domain included during a free trial?</h3>
            <p>
              The domain is claimed once your first yearly payment has gone through, because registration can't be undone. You can connect a
              domain you already own during the trial.
            </p>
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">Can I use the domain for email or a website?</h3>
            <p>
              The domain is set up for short links. If you want to use it for other services, transfer it to a registrar of your choice and
              configure it there.
            </p>
          </div>
        </div>
      </Section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to="/app/pricing" className={primaryButton}>
          See plans
        </Link>
        <Link to="/" className={secondaryButton}>
          Shorten a link
        </Link>
      </div>
    </ContentPage>
  );
}
