import type { RouteHandle } from "../../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../../components/content-page";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";

const cookies = [
  {
    name: "Session cookie",
    code: false,
    category: "Strictly necessary",
    purpose:
      "Keeps you signed in as you move between pages and lets us confirm that requests to change your account really come from you. Set only when you sign in.",
    duration: "Until you sign out or the session expires",
  },
  {
    name: "snip_guest",
    code: true,
    category: "Functional",
    purpose:
      "Holds a random identifier, with no personal details, that lets Snip show the short links you created as a guest in this browser, so you can find them again without an account.",
    duration: "1 year",
  },
  {
    name: "cookies_accepted",
    code: true,
    category: "Strictly necessary",
    purpose: "Records that you have seen and answered the cookie notice, so we don't ask again on every page.",
    duration: "1 year",
  },
  {
    name: "do_not_sell",
    code: true,
    category: "Strictly necessary",
    purpose:
      "Records your choice to opt out of the sale or sharing of personal information under the California Consumer Privacy Act (CCPA), so the choice is honoured on every visit.",
    duration: "Never expires",
  },
  {
    name: "strict_private",
    code: true,
    category: "Strictly necessary",
    purpose:
      "Records that you asked for the strictest privacy settings: Snip then sets no cookies beyond those that are strictly necessary and doesn't remember guest links in your browser.",
    duration: "Until you change the setting or clear your cookies",
  },
];

export default function CookiesPolicyPage() {
  return (
    <ContentPage
      title="Cookies Policy"
      lead="Snip uses a small number of first-party cookies, each for a specific reason. We don't set cookies on people who simply follow a short link, and you stay in control of the choices you make."
      updated="November 1, 2026"
    >
      <Section title="What cookies are" id="what">
        <p>
          Cookies are small text files that a website stores in your browser and reads back on later visits. They let a site remember things
          such as whether you are signed in or which choices you have made. This policy explains which cookies Snip Labs, Inc.
          (&ldquo;Snip&rdquo;) uses on the Snip website and dashboard, and how you can control them. It should be read together with our{" "}
          <Link to="/app/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </Section>

      <Section title="The cookies we use" id="list">
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Cookie
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Purpose
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white">
              {cookies.map((cookie) => (
                <tr key={cookie.name} className="align-top">
                  <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                    {cookie.code ? <code>{cookie.name}</code> : cookie.name}
                    <span className="mt-1 block text-xs font-normal text-slate-500">{cookie.category}</span>
                  </th>
                  <td className="px-4 py-3 text-slate-700">{cookie.purpose}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{cookie.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          All of these cookies are first-party cookies: they are set by Snip's own domain, are sent only back to Snip, and are not readable
          by other websites. The session cookie is marked secure and HTTP-only, so it travels only over encrypted connections and can't be
          read by scripts on the page.
        </p>
      </Section>

      <Section title="Strictly necessary and functional cookies" id="categories">
        <p>
          <strong>Strictly necessary</strong> cookies are needed for the site to work or to remember privacy choices you have made. Without
          them you couldn't sign in, and we couldn't honour your opt-outs. Privacy laws allow these cookies to be set without consent.
        </p>
        <p>
          <strong>Functional</strong> cookies make the site more convenient. The only one we use, <code>snip_guest</code>, lets guests see
          their recent links. If you prefer not to have it, choose strict privacy or sign up for a free account, where your links are stored
          in your dashboard instead.
        </p>
      </Section>

      <Section title="What we don't use" id="not-used">
        <ul className="list-disc pl-6 space-y-2">
          <li>No cookies on visitors to short links: the redirect itself sets nothing in the visitor's browser.</li>
          <li>
            No cookies to build click analytics. Analytics are worked out from the request at the moment of the redirect; visitor IP
            addresses are hashed and not stored.
          </li>
        </ul>
        <p>
          When you buy a paid plan, the checkout is handled by our payment provider, which may set its own cookies to process the payment
          securely and prevent fraud. Those cookies are governed by the provider's own policy.
        </p>
      </Section>

      <Section title="How to control cookies" id="control">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>On Snip:</strong> answer the cookie notice, choose strict privacy, or use the &ldquo;Do Not Sell My Personal
            Information&rdquo; link in the footer of every page, described in{" "}
            <Link to="/app/privacy-policy#do-not-sell" className={linkClass}>
              our Privacy Policy
            </Link>
            .
          </li>
          <li>
            <strong>In your browser:</strong> every major browser lets you view, block and delete cookies in its settings. If you block
            strictly necessary cookies, you won't be able to sign in, and we won't be able to remember your privacy choices.
          </li>
        </ul>
        <p>
          Deleting the <code>do_not_sell</code> or <code>strict_private</code> cookie removes the choice it stores, so you may need to make
          the choice again.
        </p>
      </Section>

      <Section title="Changes and contact" id="contact">
        <p>
          If we add or change a cookie, we will update this page and the date at the top before the change goes live. Questions about
          cookies or privacy:{" "}
          <a href="mailto:privacy@snip.example" className={linkClass}>
            privacy@snip.example
          </a>
          .
        </p>
      </Section>
    </ContentPage>
  );
}
