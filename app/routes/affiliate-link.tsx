import type { RouteHandle } from "../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../components/content-page";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";
const primaryButton =
  "inline-flex items-center justify-center rounded-lg bg-indigo-600 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
const secondaryButton =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-3 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50";

export default function AffiliateLinkPage() {
  return (
    <ContentPage
      title="About affiliate links"
      lead="You may have seen a short note under your new short link saying it may earn Snip a commission. Here is exactly what that means, why we do it and how to turn it off."
    >
      <Section title="What happens">
        <p>
          Some shops and marketplaces run affiliate programs: when a visitor arrives through a partner and buys something, the shop pays the
          partner a small commission. For some of these merchant destinations, Snip may add an affiliate tag to the address through a
          partner network when a visitor follows your short link.
        </p>
        <p>
          The tag is a small identifier in the URL that tells the merchant the visit came through Snip. If the visitor goes on to buy
          something, Snip may receive a commission from the merchant. It costs the visitor nothing: prices are the same with or without the
          tag.
        </p>
      </Section>

      <Section title="What never changes">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>The page the visitor lands on.</strong> They arrive at exactly the product, page or search you linked to. We never swap
            destinations, show an intermediate page or add advertising.
          </li>
          <li>
            <strong>Your own affiliate tags.</strong> If your destination already carries an affiliate or referral tag, we leave the link as
            it is; your tag is never replaced.
          </li>
          <li>
            <strong>Your analytics.</strong> Clicks are counted the same way whether or not a tag is added.
          </li>
          <li>
            <strong>Most links.</strong> Only destinations at participating merchants are affected. Links to articles, documents, videos,
            forms and almost everything else go through untouched.
          </li>
        </ul>
      </Section>

      <Section title="Why we do it">
        <p>
          Running a fast, reliable redirect service for millions of clicks costs money, and we want to keep a genuinely useful free plan
          without showing ads or selling data. Affiliate commissions on a small share of links help pay for the free plan and for guest
          shortening, so that anyone can create a short link without an account or a credit card.
        </p>
      </Section>

      <Section title="How to turn it off">
        <p>
          Customers on any paid plan (Basic, Pro or Enterprise) can switch affiliate tagging off for their links in their account settings;
          for Enterprise organizations it is off by default. The change applies to every link in the account straight away, including links
          created earlier, because Snip redirects are evaluated on each click.
        </p>
        <p>
          Snip doesn't set any cookies to add affiliate tags, and the tag identifies Snip as the referrer, not you. If you live in
          California, or simply prefer it, you can also opt out of the sale or sharing of your personal information; see the{" "}
          <Link to="/app/privacy-policy#do-not-sell" className={linkClass}>
            Do Not Sell or Share section of our Privacy Policy
          </Link>
          .
        </p>
      </Section>

      <Section title="Questions">
        <p>
          The legal details are in our{" "}
          <Link to="/app/terms" className={linkClass}>
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/app/supplemental-terms" className={linkClass}>
            Supplemental Terms
          </Link>
          . If you have a question about a specific link, write to{" "}
          <a href="mailto:support@snip.example" className={linkClass}>
            support@snip.example
          </a>
          .
        </p>
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
