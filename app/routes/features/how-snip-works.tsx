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

const steps = [
  {
    title: "You create a short link",
    body: "Paste a long URL on the home page, through the dashboard, from a spreadsheet or with the API. Snip checks that the destination is a public http or https address, then gives the link an alias: one you choose, or a random 8-character one. The link is ready the moment you see it.",
  },
  {
    title: "You share it",
    body: "Post it, send it, print it or turn it into a QR code (SVG for print, PNG for everything else). The short link is the same everywhere, so you can change what happens behind it later without touching anything you've already published.",
  },
  {
    title: "A visitor clicks",
    body: "Their browser asks for the short link. The request doesn't travel to a distant data centre: it is answered by the nearest location of Cloudflare's edge network, usually in the same city or country as the visitor.",
  },
  {
    title: "The edge redirects",
    body: "The edge looks up the alias, checks that the link is active and hasn't expired, and replies with a 302 redirect to the destination. The browser follows it straight away; for the visitor, the detour takes a few milliseconds.",
  },
  {
    title: "The click is counted",
    body: "After the redirect has been sent, so that it never slows the visitor down, Snip records the click: the country, referrer, device, browser, operating system and language. Known bots are counted separately, and the visitor's IP address is hashed rather than stored.",
  },
  {
    title: "You see the results",
    body: "The click appears in the link's analytics, where you can view the last hour, 24 hours, 7 days or 30 days. If you've set up webhooks, your own systems can react too.",
  },
];

export default function HowSnipWorksPage() {
  return (
    <ContentPage
      title="How Snip works"
      lead="A short link looks simple, and to your visitors it should feel instant. Here is what happens between the moment you create a link and the moment a click shows up in your analytics."
    >
      <Section title="Step by step">
        <ol className="space-y-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Why a 302 redirect?">
        <p>
          There are two common kinds of redirect. A permanent (301) redirect tells browsers they may remember the destination and skip the
          short link next time. That sounds efficient, but it means a changed destination may never reach people who clicked before, and
          their repeat visits are never counted.
        </p>
        <p>
          Snip uses a temporary (302) redirect. Every click comes back to Snip, so when you{" "}
          <Link to="/app/features/link-management" className={linkClass}>
            edit a destination
          </Link>{" "}
          or a link expires, the change applies to the very next click, and your analytics stay complete.
        </p>
      </Section>

      <Section title="What visitors see when a link no longer works">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>Expired links</strong> show a short page explaining that the link has expired, instead of sending the visitor somewhere
            outdated.
          </li>
          <li>
            <strong>Deleted or removed links</strong> lead to a page that explains{" "}
            <Link to="/app/deleted" className={linkClass}>
              why the link is gone
            </Link>
            .
          </li>
          <li>
            <strong>Unknown aliases</strong> return a clear &ldquo;not found&rdquo; page rather than guessing.
          </li>
        </ul>
      </Section>

      <Section title="Keeping links safe">
        <p>
          Short links hide their destination, which is why abuse matters. Snip refuses links to other URL shorteners (which are often used
          to disguise a destination) and to blocked domains, and our{" "}
          <Link to="/app/terms" className={linkClass}>
            Terms of Service
          </Link>{" "}
          forbid phishing, malware and spam. Links that break these rules are removed, and their visitors are told why.
        </p>
      </Section>

      <Section title="No account required to start">
        <p>
          You can shorten a link as a guest, right from the home page. Snip remembers the links you created from this browser, so you can
          find them again. Create a free account when you want a dashboard for all your links,{" "}
          <Link to="/app/features/link-management" className={linkClass}>
            tags and editing
          </Link>
          , and{" "}
          <Link to="/app/features/link-analytics" className={linkClass}>
            detailed analytics
          </Link>
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
