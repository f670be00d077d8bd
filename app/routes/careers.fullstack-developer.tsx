import type { RouteHandle } from "../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../components/content-page";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";
const primaryButton =
  "inline-flex items-center justify-center rounded-lg bg-indigo-600 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

const facts = [
  { label: "Location", value: "Remote (UTC−8 to UTC+3)" },
  { label: "Type", value: "Full-time, permanent" },
  { label: "Team", value: "Product engineering" },
  { label: "Stack", value: "TypeScript, React, Cloudflare Workers" },
];

export default function FullstackDeveloperPage() {
  return (
    <ContentPage
      title="Full-Stack Developer"
      lead="Help us build the fastest, most trustworthy way to share a link. You'll work across the whole product, from the React dashboard to the edge code that answers every redirect."
    >
      <dl className="mb-10 grid gap-4 sm:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{fact.label}</dt>
            <dd className="mt-1 font-medium text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>

      <Section title="About Snip">
        <p>
          Snip is a link-shortening and link-management service used by individuals, creators and businesses to share short links, QR codes
          and branded links, and to understand how they perform. Redirects are answered on Cloudflare's edge network close to every visitor,
          and the product is built around privacy: we count clicks, not people. Read more{" "}
          <Link to="/app/features/about-us" className={linkClass}>
            about us
          </Link>{" "}
          and{" "}
          <Link to="/app/features/how-snip-works" className={linkClass}>
            how Snip works
          </Link>
          .
        </p>
      </Section>

      <Section title="What you'll do">
        <ul className="list-disc pl-6 space-y-2">
          <li>Design, build and ship features end to end: database schema, API, server rendering and UI.</li>
          <li>Work on the redirect path running on Cloudflare Workers, where every millisecond and every edge case matters.</li>
          <li>Evolve our REST API and its OpenAPI document, webhooks, and the tools developers use to integrate with us.</li>
          <li>Improve click analytics, from how clicks are recorded to how they are aggregated and presented.</li>
          <li>Help keep abuse off the platform by improving how we detect phishing, malware and spam links.</li>
          <li>Review code, write tests that catch real bugs, and share what you learn with the team.</li>
        </ul>
      </Section>

      <Section title="What we're looking for">
        <ul className="list-disc pl-6 space-y-2">
          <li>Several years of professional experience building web applications with TypeScript.</li>
          <li>Solid React experience, including server rendering and accessible, responsive interfaces.</li>
          <li>Comfort on the server side: HTTP, caching, SQL databases, and designing APIs other people enjoy using.</li>
          <li>A habit of testing your work and thinking about failure modes, security and privacy.</li>
          <li>Clear written communication; as a remote team, most of our collaboration happens in writing.</li>
        </ul>
        <p>
          <strong>Nice to have:</strong> experience with Cloudflare Workers or other edge runtimes, React Router or Remix, Tailwind CSS,
          Drizzle or similar ORMs, and Playwright.
        </p>
      </Section>

      <Section title="What we offer">
        <ul className="list-disc pl-6 space-y-2">
          <li>Competitive salary and meaningful equity in Snip Labs, Inc.</li>
          <li>Fully remote work with flexible hours and a few hours of overlap with the team each day.</li>
          <li>A yearly budget for equipment, learning and conferences.</li>
          <li>Generous paid time off, plus public holidays where you live.</li>
          <li>A small team where your work reaches every user within days, not quarters.</li>
        </ul>
      </Section>

      <Section title="How to apply">
        <p>
          Send an email to{" "}
          <a href="mailto:careers@snip.example?subject=Full-Stack%20Developer" className={linkClass}>
            careers@snip.example
          </a>{" "}
          with the subject &ldquo;Full-Stack Developer&rdquo;. Include your CV or a link to your profile and a few sentences about something
          you've built that you are proud of. Links to code are welcome but not required.
        </p>
        <p>
          Our process has four steps: a short introductory call, a practical exercise based on a real problem (paid, and no more than a few
          hours), a technical conversation with two engineers about your exercise, and a final conversation with the founders. We reply to
          every application, usually within a week.
        </p>
        <p>
          Snip Labs, Inc. is an equal-opportunity employer. We welcome applicants of every background and will gladly provide reasonable
          accommodations during the process; just let us know what you need.
        </p>
      </Section>

      <div className="mt-12 flex flex-wrap gap-3">
        <a href="mailto:careers@snip.example?subject=Full-Stack%20Developer" className={primaryButton}>
          Apply by email
        </a>
      </div>
    </ContentPage>
  );
}
