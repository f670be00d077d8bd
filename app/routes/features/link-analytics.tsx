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

const dimensions = [
  { title: "Countries", body: "Where your visitors are, so you know which markets respond and where to localise." },
  { title: "Referrers", body: "Which sites and apps sent the click, and how many visitors came directly from email, chat or print." },
  { title: "Devices", body: "Desktop, mobile or tablet, so you can check that your landing page works where it matters." },
  { title: "Browsers", body: "Chrome, Safari, Firefox, Edge and the rest, with their share of your traffic." },
  { title: "Operating systems", body: "iOS, Android, Windows, macOS and Linux: useful when you link to app stores or downloads." },
  { title: "Languages", body: "The visitor's preferred language, as reported by their browser, to guide translations." },
];

export default function LinkAnalyticsPage() {
  return (
    <ContentPage
      title="Link analytics"
      lead="Every Snip link counts its clicks. See how many people followed a link, where they came from and what they used, without adding a tracking script to your website."
    >
      <Section title="What you can see">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {dimensions.map((dimension) => (
            <div key={dimension.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{dimension.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{dimension.body}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section title="From the last hour to the last month">
        <p>
          Choose the period that matches your question: the <strong>last hour</strong> to watch a launch or a live broadcast, the{" "}
          <strong>last 24 hours</strong> for a newsletter send, the <strong>last 7 days</strong> for a social campaign or the{" "}
          <strong>last 30 days</strong> for a monthly report. Totals and breakdowns update as clicks arrive, so you are never looking at
          yesterday's numbers.
        </p>
      </Section>

      <Section title="Real people, counted separately from bots">
        <p>
          A surprising share of clicks on any public link come from machines: link-preview generators in chat apps, search crawlers,
          security scanners that check links in email. Snip recognises known bots and counts them separately, so the headline figure
          reflects people and you can still see how much automated traffic a link attracts.
        </p>
      </Section>

      <Section title="Privacy built in">
        <p>
          Useful analytics don't require knowing who someone is. Snip works out a click's country, device and browser at the moment of the
          redirect and then keeps only those aggregate facts:
        </p>
        <ul className="list-disc pl-6 space-y-2">
          <li>Visitor IP addresses are hashed and are never stored.</li>
          <li>Snip doesn't set cookies on people who follow your links and doesn't build profiles of them.</li>
          <li>Analytics belong to the link owner and are never sold.</li>
        </ul>
        <p>
          The details are in our{" "}
          <Link to="/app/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </Section>

      <Section title="Measure campaigns, not just clicks">
        <p>
          Use the built-in UTM builder to add <code>utm_source</code>, <code>utm_medium</code> and <code>utm_campaign</code> parameters to a
          destination before you shorten it. Snip tells you how many people clicked; your web analytics tool then sees exactly which
          campaign brought them in and what they did next.
        </p>
        <p>
          Offline too: every link has a QR code you can download as SVG or PNG. Scans are counted just like clicks, so you can compare a
          poster with a newsletter on the same dashboard.
        </p>
      </Section>

      <Section title="Take the data with you">
        <p>
          Click statistics are available through the REST API, so you can pull them into your own reports or data warehouse. See the{" "}
          <Link to="/app/dev" className={linkClass}>
            API documentation
          </Link>{" "}
          for details, and read{" "}
          <Link to="/app/features/how-snip-works" className={linkClass}>
            how Snip works
          </Link>{" "}
          to see exactly when a click is recorded.
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
