import type { RouteHandle } from "../../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../../components/content-page";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";

export default function PrivacyPolicyPage() {
  return (
    <ContentPage
      title="Privacy Policy"
      lead="This policy explains what personal information Snip collects, why, who we share it with and the choices you have. The short version: we collect what we need to run the service, we never store visitors' IP addresses, and we don't sell your data for money."
      updated="November 1, 2026"
    >
      <Section title="1. Who is responsible" id="controller">
        <p>
          Snip is operated by Snip Labs, Inc. (&ldquo;Snip&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;). For information about account
          holders, guests and visitors to our website, Snip is the controller. For click data collected on links that belong to a business
          customer, Snip processes that data on the customer's behalf, as described in our{" "}
          <Link to="/app/data-processing-agreement" className={linkClass}>
            Data Processing Agreement
          </Link>
          . You can reach our privacy team at{" "}
          <a href="mailto:privacy@snip.example" className={linkClass}>
            privacy@snip.example
          </a>
          .
        </p>
      </Section>

      <Section title="2. Information we collect" id="collect">
        <p>
          <strong>Information you give us.</strong>
        </p>
        <ul className="list-disc pl-6 space-y-2">
          <li>Account details: your name, email address and password (stored only as a secure hash).</li>
          <li>
            Link content: destination URLs, aliases, tags, expiry dates, UTM parameters, branded domains and files you upload for bulk
            creation.
          </li>
          <li>Organization details: team names, the members you invite and their roles.</li>
          <li>
            Billing details: the plan you choose and your billing address. Card details are collected and stored by our payment provider; we
            never see full card numbers.
          </li>
          <li>Messages you send us, for example support requests or abuse reports.</li>
        </ul>
        <p>
          <strong>Information collected when someone follows a short link.</strong> When a visitor clicks a Snip link, we record a click
          with: the time, the country derived from the network location, the referring site, the device type, browser and operating system
          derived from the user-agent, the browser's preferred language, and whether the request appears to come from a bot. The visitor's
          IP address is hashed for abuse prevention and de-duplication and is <strong>not stored</strong>. We don't set cookies on visitors
          to short links and don't link clicks to an identified person.
        </p>
        <p>
          <strong>Information collected when you use Snip.</strong> Security and service logs (such as request times, error reports and API
          token usage) and the cookies described in our{" "}
          <Link to="/app/cookies-policy" className={linkClass}>
            Cookies Policy
          </Link>
          .
        </p>
      </Section>

      <Section title="3. How we use information" id="use">
        <ul className="list-disc pl-6 space-y-2">
          <li>To provide the Service: create and redirect links, show analytics, run teams and process payments.</li>
          <li>
            To keep Snip safe: detect and remove phishing, malware and spam, prevent fraud, and enforce our{" "}
            <Link to="/app/terms" className={linkClass}>
              Terms of Service
            </Link>
            .
          </li>
          <li>To communicate with you: service messages, security alerts, billing notices and replies to support.</li>
          <li>To improve Snip, using aggregated and de-identified information wherever possible.</li>
          <li>
            To earn affiliate commissions on some merchant destinations, as explained on our{" "}
            <Link to="/app/affiliate-link" className={linkClass}>
              affiliate links page
            </Link>
            , which helps fund the free plan.
          </li>
          <li>To comply with legal obligations and respond to lawful requests.</li>
        </ul>
        <p>We only send marketing emails if you have agreed to them, and every such email has an unsubscribe link.</p>
      </Section>

      <Section title="4. How we share information" id="share">
        <p>We share personal information only in these situations:</p>
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>Service providers</strong> who process it on our instructions: our hosting and edge network provider (Cloudflare), our
            payment provider, and our email delivery provider. They are bound by contracts that limit their use of the data.
          </li>
          <li>
            <strong>Affiliate and measurement partners.</strong> When a visitor follows a link to a participating merchant and an affiliate
            tag is added, the merchant and the partner network receive the visit through their own systems, under their own privacy
            policies. Advertising and measurement partners on our free pages may likewise receive device and usage information. Under
            California law this can count as a &ldquo;sale&rdquo; or &ldquo;sharing&rdquo;; you can opt out as described in{" "}
            <a href="#do-not-sell" className={linkClass}>
              section 10
            </a>
            .
          </li>
          <li>
            <strong>Your organization.</strong> Admins of a team or organization can see the members, links and analytics in its workspace.
          </li>
          <li>
            <strong>Legal reasons:</strong> when required by law, or to protect the rights, property or safety of Snip, our users or the
            public, including reporting phishing and malware to the relevant authorities.
          </li>
          <li>
            <strong>Business transfers:</strong> in a merger, acquisition or sale of assets, subject to this policy.
          </li>
        </ul>
      </Section>

      <Section title="5. How long we keep information" id="retention">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            Account and link data: for as long as your account exists. When you delete your account, we delete its data within 30 days,
            except backups, which roll off within a further 30 days.
          </li>
          <li>Click records: for as long as the link exists, or until the retention period of your plan ends, whichever comes first.</li>
          <li>Billing records: for as long as tax and accounting laws require, typically seven years.</li>
          <li>Records of links removed for abuse: for as long as needed to prevent the same abuse from returning.</li>
        </ul>
      </Section>

      <Section title="6. Security" id="security">
        <p>
          Data is encrypted in transit with TLS and at rest. Passwords are stored as salted hashes, API tokens can be revoked at any time,
          and access to production systems is limited to staff who need it. No system is perfectly secure; if a breach affects your personal
          information, we will notify you and the relevant authorities as the law requires.
        </p>
      </Section>

      <Section title="7. International transfers" id="transfers">
        <p>
          Snip Labs, Inc. is based in the United States, and redirects are answered on Cloudflare's global network, so information may be
          processed outside your country. When we transfer personal information from the European Economic Area, the United Kingdom or
          Switzerland, we rely on the European Commission's Standard Contractual Clauses and their UK and Swiss equivalents, together with
          additional safeguards where needed.
        </p>
      </Section>

      <Section title="8. Your rights under the GDPR" id="gdpr">
        <p>
          If you are in the European Economic Area, the United Kingdom or Switzerland, the General Data Protection Regulation (and its UK
          and Swiss counterparts) gives you the right to:
        </p>
        <ul className="list-disc pl-6 space-y-2">
          <li>access the personal information we hold about you and receive a copy;</li>
          <li>have inaccurate information corrected;</li>
          <li>have your information erased;</li>
          <li>restrict or object to certain processing, including processing based on legitimate interests;</li>
          <li>receive your information in a portable format;</li>
          <li>withdraw consent at any time, where we rely on consent;</li>
          <li>lodge a complaint with your local data protection authority.</li>
        </ul>
        <p>
          <strong>Legal bases.</strong> We process account and link data to perform our contract with you; security, abuse prevention, click
          analytics and service improvement on the basis of our legitimate interests in running a safe and useful service; billing records
          to meet legal obligations; and marketing emails and non-essential cookies on the basis of your consent.
        </p>
        <p>
          To exercise any of these rights, email{" "}
          <a href="mailto:privacy@snip.example" className={linkClass}>
            privacy@snip.example
          </a>
          . We reply within one month. If your request concerns a link owned by a business customer, we will pass it to that customer and
          help them respond.
        </p>
      </Section>

      <Section title="9. Your rights under the CCPA" id="ccpa">
        <p>
          If you are a California resident, the California Consumer Privacy Act, as amended by the California Privacy Rights Act (together,
          the &ldquo;CCPA&rdquo;), gives you additional rights.
        </p>
        <p>
          <strong>Categories we collect.</strong> In the past 12 months we have collected identifiers (name, email address, hashed IP
          addresses), commercial information (plans purchased), internet activity (click and usage data), approximate geolocation (country)
          and inferences limited to device and browser type. The sources, purposes and recipients are described in sections 2 to 4. We don't
          collect sensitive personal information for the purpose of inferring characteristics about you.
        </p>
        <p>
          <strong>Your rights.</strong> You may request to know the categories and specific pieces of personal information we have
          collected, to delete it, to correct it, and to opt out of its sale or sharing. We will not discriminate against you for exercising
          these rights. You can make a request by emailing{" "}
          <a href="mailto:privacy@snip.example" className={linkClass}>
            privacy@snip.example
          </a>
          ; we will verify your identity by matching the request to your account email. You may use an authorised agent, who must provide
          written permission from you.
        </p>
        <p>
          <strong>Sale and sharing.</strong> We do not sell personal information for money. The affiliate and measurement partners described
          in section 4 may be considered a &ldquo;sale&rdquo; or &ldquo;sharing&rdquo; for cross-context behavioural advertising under the
          CCPA. We do not knowingly sell or share the personal information of consumers under 16.
        </p>
      </Section>

      <Section title="10. Do Not Sell or Share My Personal Information" id="do-not-sell">
        <p>You have the right to opt out of the sale or sharing of your personal information. You can do so in any of these ways:</p>
        <ul className="list-disc pl-6 space-y-2">
          <li>
            Select &ldquo;Do Not Sell My Personal Information&rdquo; in the footer of any page, tick &ldquo;Do not sell or share my personal
            information&rdquo; and save your choice. We store it in the <code>do_not_sell</code> cookie, which never expires, so it is
            honoured on every visit from that browser. You can change your mind the same way.
          </li>
          <li>
            Email{" "}
            <a href="mailto:privacy@snip.example" className={linkClass}>
              privacy@snip.example
            </a>{" "}
            with the subject &ldquo;Do Not Sell or Share&rdquo;. If you have an account, we will apply the opt-out to the account as well.
          </li>
        </ul>
        <p>
          Once you opt out, we stop selling or sharing personal information collected from that browser or account, and we wait at least 12
          months before asking you to reconsider. Because the choice is stored in your browser, clearing your cookies or switching browsers
          means you need to opt out again; see our{" "}
          <Link to="/app/cookies-policy" className={linkClass}>
            Cookies Policy
          </Link>
          .
        </p>
      </Section>

      <Section title="11. Children" id="children">
        <p>
          Snip is not directed at children under 16, and we don't knowingly collect their personal information. If you believe a child has
          given us personal information, contact{" "}
          <a href="mailto:privacy@snip.example" className={linkClass}>
            privacy@snip.example
          </a>{" "}
          and we will delete it.
        </p>
      </Section>

      <Section title="12. Changes to this policy" id="changes">
        <p>
          We will update this policy when our practices change and revise the date at the top. If a change is material, we will notify
          account holders by email or in the dashboard before it takes effect.
        </p>
      </Section>

      <Section title="13. Contact" id="contact">
        <p>
          Snip Labs, Inc., privacy team:{" "}
          <a href="mailto:privacy@snip.example" className={linkClass}>
            privacy@snip.example
          </a>
          . For other legal questions:{" "}
          <a href="mailto:legal@snip.example" className={linkClass}>
            legal@snip.example
          </a>
          .
        </p>
      </Section>
    </ContentPage>
  );
}
