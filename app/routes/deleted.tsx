import type { RouteHandle } from "../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../components/content-page";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";
const primaryButton =
  "inline-flex items-center justify-center rounded-lg bg-indigo-600 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

export default function DeletedPage() {
  return (
    <ContentPage
      title="This link is no longer available"
      lead="The short link you followed has been deleted, or the account it belonged to has been closed. Snip can't send you to its old destination."
    >
      <Section title="If you followed a link">
        <p>There are two reasons a Snip link stops working like this:</p>
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>The owner deleted it.</strong> People remove links when a campaign ends, a page moves or a link was shared by mistake.
            Deleting a link, or closing the account that created it, is permanent, and Snip doesn't keep a record of where it pointed. If
            you need the page, try contacting the person or organization that shared the link with you, or search for the content on their
            website.
          </li>
          <li>
            <strong>Snip removed it for violating our Terms.</strong> We terminate links that lead to phishing, malware, spam or other
            content forbidden by our{" "}
            <Link to="/app/terms" className={linkClass}>
              Terms of Service
            </Link>
            . If you were sent this link unexpectedly, for example in an email asking you to sign in or confirm a payment, treat the message
            with suspicion and don't enter your details on a page it points to.
          </li>
        </ul>
        <p>
          To keep those who abuse short links from learning what was detected, we don't say which of the two applies to a particular link.
        </p>
      </Section>

      <Section title="If you just deleted your account">
        <p>
          Your account has been closed and your links have stopped redirecting. Anyone who follows one of them now sees this page. Your
          personal data is deleted as described in our{" "}
          <Link to="/app/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          . Thank you for using Snip; you are welcome back at any time, and you can still shorten links as a guest without an account.
        </p>
      </Section>

      <Section title="Think a link was removed by mistake?">
        <p>
          If you own a link that was removed and you believe it didn't break our rules, write to{" "}
          <a href="mailto:support@snip.example" className={linkClass}>
            support@snip.example
          </a>{" "}
          with the short link and a description of its destination. We review every request. To report a harmful link that still works,
          write to the same address.
        </p>
      </Section>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to="/" className={primaryButton}>
          Shorten a new link
        </Link>
      </div>
    </ContentPage>
  );
}
