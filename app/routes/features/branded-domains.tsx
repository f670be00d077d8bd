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

const benefits = [
  {
    title: "Recognition and trust",
    body: "People are wary of links they can't place. A link on your own domain tells them who sent it before they click, which means more clicks and fewer reports.",
  },
  {
    title: "Your namespace, your aliases",
    body: "On a branded domain every alias belongs to you. Claim short, obvious names such as /pricing or /app without competing with anyone else.",
  },
  {
    title: "Portable for the long run",
    body: "Links on a domain you own stay under your control. Your printed materials and published posts keep working as long as you keep the domain.",
  },
  {
    title: "Same speed, same analytics",
    body: "Branded links run on the same edge network and record the same click analytics as every other Snip link. Nothing is lost by using your own name.",
  },
];

export default function BrandedDomainsPage() {
  return (
    <ContentPage
      title="Branded domains"
      lead="Replace the generic short domain with one that carries your name. go.yourbrand.com/launch is shorter to trust and easier to remember than a link on a domain your audience has never heard of."
    >
      <Section title="Why brand your links">
        <div className="grid gap-4 sm:grid-cols-2">
          {benefits.map((benefit) => (
            <div key={benefit.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{benefit.body}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section title="Connecting a domain takes minutes">
        <ol className="list-decimal pl-6 space-y-2">
          <li>
            <strong>Pick a domain or subdomain.</strong> Many companies use a short subdomain of their main site, such as{" "}
            <code>go.yourbrand.com</code> or <code>link.yourbrand.com</code>. A separate short domain works too.
          </li>
          <li>
            <strong>Add it in Snip.</strong> Enter the domain in your account's domain settings. Snip shows you the DNS record to create.
          </li>
          <li>
            <strong>Update your DNS.</strong> Add the record at your DNS provider. Snip checks for it automatically and tells you as soon as
            the domain is verified.
          </li>
          <li>
            <strong>Start shortening.</strong> Choose the domain when you create a link. HTTPS certificates are issued and renewed for you,
            so every branded link is secure from the first click.
          </li>
        </ol>
        <p>
          Don't have a domain yet? Yearly paid plans include{" "}
          <Link to="/app/features/free-domains" className={linkClass}>
            a free domain for the first year
          </Link>
          , registered and connected for you.
        </p>
      </Section>

      <Section title="Good practices">
        <ul className="list-disc pl-6 space-y-2">
          <li>Keep it short: every character you save in the domain is a character your audience doesn't have to type.</li>
          <li>Use a subdomain you don't need for anything else, so your main website and your short links never collide.</li>
          <li>
            Combine your domain with{" "}
            <Link to="/app/features/custom-links" className={linkClass}>
              custom aliases
            </Link>{" "}
            for links people can read aloud.
          </li>
          <li>Use the domain everywhere, from email signatures to social profiles, so your audience learns to recognise it.</li>
        </ul>
      </Section>

      <Section title="For teams and organizations">
        <p>
          Domains can be shared across an organization, so everyone creates links on the same brand. Admins decide which domains are
          available and members pick from them when creating links. Viewers can follow the results in{" "}
          <Link to="/app/features/link-analytics" className={linkClass}>
            link analytics
          </Link>{" "}
          without being able to change anything.
        </p>
      </Section>

      <Section title="Which plans include branded domains">
        <p>
          Branded domains are available on paid plans; the number of domains you can connect grows with your plan. Paid plans come with a
          free trial, so you can connect a domain and try it with real links before you pay.
        </p>
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
