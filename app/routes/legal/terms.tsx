import type { RouteHandle } from "../../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../../components/content-page";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";

export default function TermsPage() {
  return (
    <ContentPage
      title="Terms of Service"
      lead="These terms govern your use of Snip. Please read them carefully: by creating a short link, an account or an API token, you agree to them."
      updated="November 1, 2026"
    >
      <Section title="1. Who we are and what these terms cover" id="scope">
        <p>
          Snip is operated by Snip Labs, Inc. (&ldquo;Snip&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;). These Terms of Service (the
          &ldquo;Terms&rdquo;) form an agreement between you and Snip Labs, Inc. and apply to the Snip website, the short links it serves,
          the dashboard, the REST API, webhooks, QR codes and every other part of the service (together, the &ldquo;Service&rdquo;).
        </p>
        <p>
          If you use the Service on behalf of a company or other organization, you confirm that you are authorised to accept these Terms for
          it, and &ldquo;you&rdquo; includes that organization. Customers on an Enterprise plan are also subject to our{" "}
          <Link to="/app/enterprise-terms" className={linkClass}>
            Enterprise Terms
          </Link>{" "}
          and{" "}
          <Link to="/app/service-level-agreement" className={linkClass}>
            Service Level Agreement
          </Link>
          , and certain features are covered by our{" "}
          <Link to="/app/supplemental-terms" className={linkClass}>
            Supplemental Terms
          </Link>
          . Where those documents conflict with these Terms, they take precedence for the matters they address.
        </p>
      </Section>

      <Section title="2. Eligibility and accounts" id="accounts">
        <ul className="list-disc pl-6 space-y-2">
          <li>You must be at least 16 years old, or the age of digital consent where you live if that is higher.</li>
          <li>
            You must give accurate information when you register and keep it up to date, including a working email address we can use to
            contact you about your account.
          </li>
          <li>
            You are responsible for keeping your password and API tokens confidential and for everything done with your account. Tell us
            immediately at{" "}
            <a href="mailto:support@snip.example" className={linkClass}>
              support@snip.example
            </a>{" "}
            if you suspect unauthorised use.
          </li>
          <li>
            In a team or organization, admins control membership, roles (admin, member or viewer), domains and billing. The organization,
            not the individual member, owns the links created in its workspace.
          </li>
        </ul>
      </Section>

      <Section title="3. Using Snip without an account" id="guests">
        <p>
          You may shorten links as a guest. Guest links are subject to these Terms in full. Because a guest link is not tied to an account,
          its creator has only limited ways to manage it later, and we may apply stricter limits to guest use to prevent abuse. Snip
          recognises a guest's browser with a random identifier so that it can show their recent links, as explained in our{" "}
          <Link to="/app/cookies-policy" className={linkClass}>
            Cookies Policy
          </Link>
          .
        </p>
      </Section>

      <Section title="4. Acceptable use" id="acceptable-use">
        <p>
          Short links hide their destination until they are clicked, so people have to be able to trust them. You may not use the Service,
          directly or through a link, to:
        </p>
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>Phish or deceive:</strong> impersonate another person, brand or service, collect credentials or payment details under
            false pretences, or otherwise mislead visitors about where a link leads or who is behind it.
          </li>
          <li>
            <strong>Distribute malware:</strong> point to viruses, ransomware, spyware, unwanted software, drive-by downloads or anything
            designed to damage devices or gain unauthorised access to them.
          </li>
          <li>
            <strong>Send spam:</strong> promote links through unsolicited bulk messages, comment spam, messages sent by compromised
            accounts, or any other method that violates anti-spam laws or platform rules.
          </li>
          <li>
            Link to content that sexually exploits children, promotes terrorism or violent extremism, incites violence or harassment, or is
            otherwise illegal where it is published or viewed.
          </li>
          <li>Infringe the copyright, trademark or other rights of others, or distribute pirated material.</li>
          <li>Offer illegal goods or services, scams, pyramid schemes or fraudulent investment offers.</li>
          <li>
            Evade the Service's safeguards: chain Snip links through other URL shorteners, cloak destinations, rotate destinations to avoid
            detection, or create accounts to get round a suspension.
          </li>
          <li>
            Interfere with the Service: probe or attack it, overload it, scrape it, or exceed API rate limits or other published limits by
            technical means.
          </li>
          <li>Resell or sublicense the Service except as a plan or written agreement expressly allows.</li>
        </ul>
        <p>
          If you find a Snip link that breaks these rules, please report it to{" "}
          <a href="mailto:support@snip.example" className={linkClass}>
            support@snip.example
          </a>{" "}
          with the short link and a short description. We review every report.
        </p>
      </Section>

      <Section title="5. Link review, disabling and termination" id="termination-of-links">
        <p>
          We check destinations when links are created and afterwards, using automated systems, reputation lists and reports from users and
          third parties. We may refuse to create a link, and we may disable, redirect to a warning page or permanently terminate any link
          that we reasonably believe violates these Terms or puts visitors at risk. Visitors who follow a terminated link are shown a page
          explaining that the link was{" "}
          <Link to="/app/deleted" className={linkClass}>
            removed for violating the Terms
          </Link>
          .
        </p>
        <p>
          Where the violation is serious or repeated, we may suspend or close the account that created the link and every link in it. Where
          we reasonably can, and where doing so won't help a bad actor, we will tell you why and give you a chance to respond. If you think
          we made a mistake, write to{" "}
          <a href="mailto:support@snip.example" className={linkClass}>
            support@snip.example
          </a>{" "}
          and we will review the decision.
        </p>
      </Section>

      <Section title="6. Your content" id="content">
        <p>
          You keep all rights in the destinations, aliases, tags and other content you provide (&ldquo;Your Content&rdquo;). You give Snip a
          worldwide, non-exclusive, royalty-free licence to store, process and display Your Content only as needed to operate, secure and
          improve the Service. You are responsible for Your Content and confirm that you have the rights needed to share it.
        </p>
        <p>
          Click analytics for your links belong to you. How we handle personal information, including the data we collect about clicks, is
          explained in our{" "}
          <Link to="/app/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          . Business customers can enter into our{" "}
          <Link to="/app/data-processing-agreement" className={linkClass}>
            Data Processing Agreement
          </Link>
          .
        </p>
      </Section>

      <Section title="7. Plans, trials and payment" id="billing">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            Snip offers a free plan and paid plans (Basic, Pro and Enterprise), billed monthly or yearly. Features and limits for each plan
            are described on our{" "}
            <Link to="/app/pricing" className={linkClass}>
              pricing page
            </Link>
            .
          </li>
          <li>
            Paid plans may start with a free trial. Unless you cancel before the trial ends, your subscription starts and your payment
            method is charged at the end of the trial.
          </li>
          <li>
            Subscriptions renew automatically for the same period until cancelled. You can cancel at any time in your account settings;
            cancellation takes effect at the end of the current billing period.
          </li>
          <li>
            Fees are charged in advance and are non-refundable except where the law requires otherwise or where we say so in writing. Prices
            exclude taxes, which are added where applicable.
          </li>
          <li>
            We may change prices with at least 30 days' notice. A price change applies from your next renewal, and you can cancel before it
            takes effect.
          </li>
          <li>
            If a payment fails, we may downgrade the account to the free plan after a reasonable grace period. Links keep working, but paid
            features such as branded domains may stop.
          </li>
        </ul>
      </Section>

      <Section title="8. Affiliate links" id="affiliate">
        <p>
          For some merchant destinations, Snip may add an affiliate tag through a partner network when a visitor is redirected. This never
          changes the page the visitor lands on. Paid plans can switch this off for their links. Details are on our{" "}
          <Link to="/app/affiliate-link" className={linkClass}>
            affiliate links page
          </Link>
          .
        </p>
      </Section>

      <Section title="9. API and automation" id="api">
        <p>
          Use of the REST API, API tokens and webhooks is subject to these Terms and to the limits in the API documentation at{" "}
          <Link to="/app/dev" className={linkClass}>
            /app/dev
          </Link>
          . Keep tokens secret, rotate them if they leak, and don't use the API to do anything these Terms forbid. We may change the API,
          giving reasonable notice before removing features that customers rely on.
        </p>
      </Section>

      <Section title="10. Our intellectual property" id="ip">
        <p>
          The Service, including its software, design and the Snip name and logo, belongs to Snip Labs, Inc. and its licensors. These Terms
          give you a limited, non-exclusive, non-transferable right to use the Service in line with them; they don't transfer any ownership.
          If you send us feedback, we may use it without obligation to you.
        </p>
      </Section>

      <Section title="11. Disclaimers" id="disclaimers">
        <p>
          We work hard to keep Snip fast and available, but except as expressly stated in a written agreement such as the Service Level
          Agreement, the Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;, without warranties of any kind, whether
          express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We don't
          control, and aren't responsible for, the websites that links point to.
        </p>
      </Section>

      <Section title="12. Limitation of liability" id="liability">
        <p>
          To the fullest extent permitted by law, Snip Labs, Inc. will not be liable for any indirect, incidental, special, consequential or
          punitive damages, or for lost profits, revenue, data or goodwill, arising from or related to the Service. Our total liability for
          all claims relating to the Service is limited to the greater of the amounts you paid us in the 12 months before the event giving
          rise to the claim and US$100. Nothing in these Terms limits liability that can't be limited by law.
        </p>
      </Section>

      <Section title="13. Indemnity" id="indemnity">
        <p>
          You will defend and indemnify Snip Labs, Inc. against third-party claims arising from Your Content, your links or your breach of
          these Terms, and pay the resulting reasonable costs, including legal fees, provided we notify you promptly and let you control the
          defence.
        </p>
      </Section>

      <Section title="14. Ending the agreement" id="termination">
        <p>
          You can stop using Snip and delete your account at any time from your account settings. When an account is deleted, its links stop
          redirecting and visitors see a page explaining that the link{" "}
          <Link to="/app/deleted" className={linkClass}>
            no longer exists
          </Link>
          . We may suspend or terminate your access for a material breach of these Terms, for non-payment, or where required by law.
          Sections that by their nature should survive termination (including 6, 10, 11, 12, 13 and 16) survive.
        </p>
      </Section>

      <Section title="15. Changes to these terms" id="changes">
        <p>
          We may update these Terms as the Service evolves or the law changes. For material changes we will notify account holders by email
          or in the dashboard at least 30 days before they take effect. If you keep using the Service after that date, you accept the
          updated Terms; if you don't agree, you may close your account.
        </p>
      </Section>

      <Section title="16. Governing law and disputes" id="law">
        <p>
          These Terms are governed by the laws of the State of Delaware, USA, without regard to its conflict-of-law rules. Courts located in
          Delaware have exclusive jurisdiction, except that either party may seek injunctive relief anywhere. If you are a consumer living
          in the European Union or the United Kingdom, you also benefit from the mandatory protections of the law of your country of
          residence and may bring proceedings there.
        </p>
        <p>
          If any part of these Terms is found unenforceable, the rest remains in effect. Our failure to enforce a right is not a waiver of
          it. You may not assign these Terms without our consent; we may assign them in connection with a merger, acquisition or sale of
          assets.
        </p>
      </Section>

      <Section title="17. Contact" id="contact">
        <p>
          Questions about these Terms:{" "}
          <a href="mailto:legal@snip.example" className={linkClass}>
            legal@snip.example
          </a>
          . Help with your account:{" "}
          <a href="mailto:support@snip.example" className={linkClass}>
            support@snip.example
          </a>
          .
        </p>
      </Section>
    </ContentPage>
  );
}
