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

const values = [
  {
    title: "Fast for every visitor",
    body: "A short link is a promise that the detour costs nothing. We answer redirects from Cloudflare's edge network, close to wherever the visitor happens to be.",
  },
  {
    title: "Private by default",
    body: "We count clicks, not people. Visitor IP addresses are hashed and never stored, and we don't build profiles of the people who follow your links.",
  },
  {
    title: "Links that last",
    body: "A link printed on a poster or published in a paper should still work years later. We design for longevity, and we are careful about what we promise.",
  },
  {
    title: "Safe to click",
    body: "Short links are only useful if people trust them. We keep abuse off the platform so that a Snip link never becomes a reason to hesitate.",
  },
];

export default function AboutUsPage() {
  return (
    <ContentPage
      title="About Snip"
      lead="Snip makes long links short, memorable and measurable. We build it for everyone who shares links for a living, and for everyone who just needs one to fit in a text message."
    >
      <Section title="Why we built Snip">
        <p>
          Links are how the web moves. They end up in newsletters, on packaging, in slide decks, on the side of buses. A long address full
          of tracking parameters is hard to share and impossible to remember, and once it's printed you can't take it back.
        </p>
        <p>
          We started Snip because we wanted a link shortener we would be happy to depend on ourselves: quick for the person clicking, honest
          with the person sharing, and respectful of everyone's privacy. Short links that you can edit after the fact, analytics that answer
          real questions, and a service that stays out of the way.
        </p>
      </Section>

      <Section title="What we believe">
        <div className="grid gap-4 sm:grid-cols-2">
          {values.map((value) => (
            <div key={value.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{value.body}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section title="What Snip does today">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            Short links with random or{" "}
            <Link to="/app/features/custom-links" className={linkClass}>
              custom aliases
            </Link>
            , on our domain or{" "}
            <Link to="/app/features/branded-domains" className={linkClass}>
              yours
            </Link>
            .
          </li>
          <li>
            <Link to="/app/features/link-management" className={linkClass}>
              Link management
            </Link>{" "}
            with tags, search, expiry, editing and bulk creation from spreadsheets.
          </li>
          <li>
            <Link to="/app/features/link-analytics" className={linkClass}>
              Click analytics
            </Link>{" "}
            by country, referrer, device, browser, operating system and language.
          </li>
          <li>QR codes, a UTM builder, a REST API and webhooks for teams that automate.</li>
          <li>Teams and organizations with admin, member and viewer roles.</li>
        </ul>
        <p>
          Curious about the mechanics? Read{" "}
          <Link to="/app/features/how-snip-works" className={linkClass}>
            how Snip works
          </Link>
          .
        </p>
      </Section>

      <Section title="How we make money">
        <p>
          Snip is free to start, and you can shorten a link without even creating an account. Paid plans (Basic, Pro and Enterprise, billed
          monthly or yearly) add branded domains, team features and higher limits. For some shopping destinations we may earn a referral
          commission through a partner network, which helps pay for the free plan. It never changes where the visitor lands, paid plans can
          switch it off, and{" "}
          <Link to="/app/affiliate-link" className={linkClass}>
            we explain exactly how it works
          </Link>
          . We don't sell personal information.
        </p>
      </Section>

      <Section title="The company">
        <p>
          Snip is built and operated by Snip Labs, Inc., a small, fully remote team of engineers, designers and support specialists. We are
          hiring: see our opening for a{" "}
          <Link to="/app/careers/fullstack-developer" className={linkClass}>
            Full-Stack Developer
          </Link>
          .
        </p>
        <p>
          Questions, feedback or press enquiries: write to{" "}
          <a href="mailto:support@snip.example" className={linkClass}>
            support@snip.example
          </a>
          . For legal matters, contact{" "}
          <a href="mailto:legal@snip.example" className={linkClass}>
            legal@snip.example
          </a>
          .
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
