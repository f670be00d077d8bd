import type { RouteHandle } from "../../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../../components/content-page";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";

export default function EnterpriseTermsPage() {
  return (
    <ContentPage
      title="Enterprise Terms"
      lead="These Enterprise Terms apply to organizations that subscribe to Snip's Enterprise plan, directly or through an order form. They add to our Terms of Service with the commitments larger organizations need."
      updated="November 1, 2026"
    >
      <Section title="1. How these terms fit together" id="structure">
        <p>
          The agreement between Snip Labs, Inc. (&ldquo;Snip&rdquo;) and an Enterprise customer (the &ldquo;Customer&rdquo;) consists of, in
          order of precedence: (a) any signed order form; (b) these Enterprise Terms; (c) the{" "}
          <Link to="/app/data-processing-agreement" className={linkClass}>
            Data Processing Agreement
          </Link>{" "}
          for data protection matters; (d) the{" "}
          <Link to="/app/service-level-agreement" className={linkClass}>
            Service Level Agreement
          </Link>
          ; (e) the{" "}
          <Link to="/app/supplemental-terms" className={linkClass}>
            Supplemental Terms
          </Link>
          ; and (f) the{" "}
          <Link to="/app/terms" className={linkClass}>
            Terms of Service
          </Link>
          . Terms in a Customer purchase order or vendor portal do not apply, even if accepted electronically.
        </p>
      </Section>

      <Section title="2. Subscription and users" id="subscription">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            The subscription term, fees, number of seats, branded domains and usage limits are set out in the order form. If there is no
            order form, the Enterprise plan as described on the{" "}
            <Link to="/app/pricing" className={linkClass}>
              pricing page
            </Link>{" "}
            at the time of purchase applies.
          </li>
          <li>
            The Customer may add seats at any time; added seats are billed pro rata for the rest of the term. Seats can be reduced at
            renewal.
          </li>
          <li>
            The Customer's admins control its organization: they assign roles (admin, member, viewer), manage domains and API tokens, and
            remove users who leave. The Customer is responsible for its users' compliance with the agreement.
          </li>
          <li>Snip's affiliate tagging is switched off for all links in an Enterprise organization.</li>
        </ul>
      </Section>

      <Section title="3. Fees, invoicing and renewal" id="fees">
        <p>
          Fees are invoiced annually in advance unless the order form says otherwise and are due within 30 days of the invoice date. Overdue
          amounts may incur interest at 1% per month or the maximum permitted by law, whichever is lower, and Snip may suspend the Service
          on 15 days' written notice if an undisputed invoice remains unpaid. Fees exclude taxes. Subscriptions renew for successive periods
          of one year unless either party gives notice of non-renewal at least 30 days before the end of the current term. Snip will give at
          least 60 days' notice of any fee increase at renewal.
        </p>
      </Section>

      <Section title="4. Service commitments" id="commitments">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>Availability:</strong> Snip commits to 99.9% monthly uptime for redirects and the API, with service credits as set out
            in the Service Level Agreement.
          </li>
          <li>
            <strong>Support:</strong> priority email support at{" "}
            <a href="mailto:support@snip.example" className={linkClass}>
              support@snip.example
            </a>
            , with a first response within four business hours for urgent issues, and a named account contact.
          </li>
          <li>
            <strong>Changes:</strong> Snip will not materially reduce the overall functionality or security of the Enterprise plan during a
            subscription term, and will give at least 90 days' notice before removing a version of the REST API that the Customer uses.
          </li>
        </ul>
      </Section>

      <Section title="5. Security and data protection" id="security">
        <p>
          Snip maintains the technical and organisational measures described in the Data Processing Agreement, which applies to all Customer
          Personal Data. Visitor IP addresses are hashed and not stored. Snip will respond to one reasonable security questionnaire per year
          and will notify the Customer of a personal data breach affecting its data within 48 hours of becoming aware of it.
        </p>
      </Section>

      <Section title="6. Confidentiality" id="confidentiality">
        <p>
          Each party will protect the other's confidential information with at least reasonable care, use it only to perform the agreement,
          and disclose it only to employees, contractors and advisers who need to know it and are bound by similar obligations. These
          obligations do not cover information that is public, already known, independently developed or lawfully received from a third
          party, and they survive for three years after the agreement ends (indefinitely for trade secrets).
        </p>
      </Section>

      <Section title="7. Warranties" id="warranties">
        <p>
          Snip warrants that the Service will perform materially as described in its documentation and that it will not knowingly introduce
          malicious code into the Service. If Snip breaches this warranty, it will, as the Customer's remedy, use reasonable efforts to
          correct the non-conformity or, if it cannot do so within 30 days, allow the Customer to terminate and refund prepaid fees for the
          remaining term. Each party warrants that it will comply with the laws that apply to it.
        </p>
      </Section>

      <Section title="8. Indemnities" id="indemnities">
        <p>
          Snip will defend the Customer against third-party claims that the Service infringes intellectual property rights, and pay
          resulting damages and costs finally awarded or agreed in settlement. This does not apply to claims caused by Customer content,
          combinations with products not supplied by Snip, or modifications not made by Snip. The Customer will defend Snip against
          third-party claims arising from its links, content or breach of the acceptable use rules. The indemnified party must give prompt
          notice, reasonable cooperation and control of the defence.
        </p>
      </Section>

      <Section title="9. Limitation of liability" id="liability">
        <p>
          Except for breaches of confidentiality, indemnity obligations, and the Customer's payment obligations, each party's total
          liability under the agreement is limited to the fees paid or payable by the Customer in the 12 months before the event giving rise
          to the claim, and neither party is liable for indirect, consequential or special damages, or lost profits or revenue, even if
          advised of their possibility.
        </p>
      </Section>

      <Section title="10. Term and termination" id="termination">
        <p>
          Either party may terminate the agreement if the other materially breaches it and fails to cure the breach within 30 days of
          written notice. On termination, the Customer may retrieve its links and analytics through the API for 30 days; after that Snip
          deletes Customer data as described in the Data Processing Agreement. On request, Snip will keep the Customer's links redirecting
          for up to 90 days after termination to allow an orderly transition.
        </p>
      </Section>

      <Section title="11. General" id="general">
        <p>
          These Enterprise Terms are governed by the laws of the State of Delaware, unless the order form specifies another governing law.
          Neither party is liable for delays caused by events beyond its reasonable control. Notices to Snip must be sent to{" "}
          <a href="mailto:legal@snip.example" className={linkClass}>
            legal@snip.example
          </a>
          ; notices to the Customer go to the billing contact in its account. To discuss an Enterprise subscription, contact{" "}
          <a href="mailto:support@snip.example" className={linkClass}>
            support@snip.example
          </a>
          .
        </p>
      </Section>
    </ContentPage>
  );
}
