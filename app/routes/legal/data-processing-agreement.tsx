import type { RouteHandle } from "../../route-handle";
import { Link } from "react-router";
import { ContentPage, Section } from "../../components/content-page";

/** Static page: no JavaScript shipped. */
export const handle: RouteHandle = { hydrate: false };

const linkClass = "text-indigo-600 underline hover:text-indigo-500";

const subprocessors = [
  {
    name: "Cloudflare, Inc.",
    purpose: "Edge network, redirects, application hosting and data storage",
    location: "Global (United States headquarters)",
  },
  { name: "Payment provider", purpose: "Subscription billing, invoicing and tax handling", location: "United States / European Union" },
  {
    name: "Email delivery provider",
    purpose: "Transactional emails such as sign-in, invitations and billing notices",
    location: "United States",
  },
];

export default function DataProcessingAgreementPage() {
  return (
    <ContentPage
      title="Data Processing Agreement"
      lead="This Data Processing Agreement (DPA) sets out how Snip Labs, Inc. processes personal data on behalf of business customers. It is designed to meet the requirements of Article 28 of the GDPR, the UK GDPR and the CCPA."
      updated="November 1, 2026"
    >
      <Section title="1. Parties and scope" id="scope">
        <p>
          This DPA forms part of the agreement between Snip Labs, Inc. (&ldquo;Snip&rdquo;, the &ldquo;Processor&rdquo;) and the customer
          that uses Snip for business purposes (the &ldquo;Customer&rdquo;, the &ldquo;Controller&rdquo;) under our{" "}
          <Link to="/app/terms" className={linkClass}>
            Terms of Service
          </Link>{" "}
          or, for Enterprise customers, our{" "}
          <Link to="/app/enterprise-terms" className={linkClass}>
            Enterprise Terms
          </Link>{" "}
          (the &ldquo;Agreement&rdquo;). It applies automatically to Customers on a paid plan and applies whenever Snip processes Customer
          Personal Data in providing the Service. Customers who need a countersigned copy can request one from{" "}
          <a href="mailto:legal@snip.example" className={linkClass}>
            legal@snip.example
          </a>
          .
        </p>
        <p>
          Terms such as &ldquo;personal data&rdquo;, &ldquo;processing&rdquo;, &ldquo;controller&rdquo;, &ldquo;processor&rdquo; and
          &ldquo;data subject&rdquo; have the meanings given in the GDPR. &ldquo;Customer Personal Data&rdquo; means personal data that Snip
          processes on the Customer's behalf.
        </p>
      </Section>

      <Section title="2. Details of the processing" id="details">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>Subject matter and purpose:</strong> providing short links, redirects, QR codes, click analytics, team features, the API
            and webhooks to the Customer.
          </li>
          <li>
            <strong>Data subjects:</strong> people who follow the Customer's short links; the Customer's users and team members; individuals
            whose data the Customer includes in link destinations, tags or uploaded files.
          </li>
          <li>
            <strong>Categories of data:</strong> click data (time, country, referrer, device type, browser, operating system, language, bot
            indicator, a one-way hash of the IP address); names and email addresses of users; any personal data the Customer chooses to
            include in links or uploads.
          </li>
          <li>
            <strong>Special categories:</strong> none are intended. The Customer must not place special category data in destinations,
            aliases, tags or uploaded files.
          </li>
          <li>
            <strong>Duration:</strong> for the term of the Agreement and until deletion under section 9.
          </li>
        </ul>
      </Section>

      <Section title="3. Snip's obligations" id="obligations">
        <p>Snip will:</p>
        <ul className="list-disc pl-6 space-y-2">
          <li>
            process Customer Personal Data only on the Customer's documented instructions, which consist of the Agreement, this DPA and the
            Customer's use of the Service's settings, unless the law requires otherwise, in which case Snip will inform the Customer first
            where legally permitted;
          </li>
          <li>ensure that staff authorised to process Customer Personal Data are bound by confidentiality;</li>
          <li>implement the technical and organisational measures described in section 5;</li>
          <li>
            assist the Customer, taking into account the nature of the processing, in responding to data subject requests and in meeting its
            obligations on security, breach notification, impact assessments and prior consultation;
          </li>
          <li>
            not sell Customer Personal Data, not retain, use or disclose it outside the direct business relationship with the Customer, and
            not combine it with personal data from other sources except as the CCPA permits;
          </li>
          <li>make available the information needed to demonstrate compliance with this DPA.</li>
        </ul>
      </Section>

      <Section title="4. The Customer's obligations" id="customer">
        <p>
          The Customer is responsible for the lawfulness of the processing it instructs, including having a legal basis for collecting click
          analytics on its links and giving data subjects any required notices. The Customer's instructions must comply with applicable data
          protection law.
        </p>
      </Section>

      <Section title="5. Security measures" id="security">
        <ul className="list-disc pl-6 space-y-2">
          <li>Encryption of data in transit (TLS) and at rest.</li>
          <li>Data minimisation by design: visitor IP addresses are hashed at the edge and never stored.</li>
          <li>Role-based access within customer workspaces (admin, member, viewer) and revocable API tokens.</li>
          <li>Least-privilege access to production systems for Snip staff, with access logging.</li>
          <li>Regular backups, tested restoration procedures and a globally distributed infrastructure.</li>
          <li>Security reviews of code changes and prompt patching of vulnerabilities.</li>
        </ul>
      </Section>

      <Section title="6. Subprocessors" id="subprocessors">
        <p>
          The Customer authorises Snip to engage the subprocessors below. Snip imposes data protection obligations on each subprocessor that
          are no less protective than this DPA and remains responsible for their performance.
        </p>
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Subprocessor
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Purpose
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Location
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white">
              {subprocessors.map((sub) => (
                <tr key={sub.name} className="align-top">
                  <td className="px-4 py-3 font-medium text-slate-900">{sub.name}</td>
                  <td className="px-4 py-3 text-slate-700">{sub.purpose}</td>
                  <td className="px-4 py-3 text-slate-700">{sub.location}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Snip will give at least 30 days' notice of a new subprocessor by email to account admins. The Customer may object on reasonable
          data protection grounds within that period; if the parties can't resolve the objection, the Customer may terminate the affected
          part of the Service and receive a pro-rata refund of prepaid fees.
        </p>
      </Section>

      <Section title="7. International transfers" id="transfers">
        <p>
          Where Customer Personal Data is transferred from the European Economic Area, the United Kingdom or Switzerland to a country
          without an adequacy decision, the parties agree that the Standard Contractual Clauses (Module 2, controller to processor) adopted
          by the European Commission, together with the UK International Data Transfer Addendum and the Swiss amendments as applicable, are
          incorporated into this DPA by reference.
        </p>
      </Section>

      <Section title="8. Personal data breaches" id="breach">
        <p>
          Snip will notify the Customer without undue delay, and in any event within 48 hours, after becoming aware of a personal data
          breach affecting Customer Personal Data. The notice will describe the nature of the breach, the data and data subjects concerned,
          the likely consequences and the measures taken, and Snip will provide updates as more information becomes available.
        </p>
      </Section>

      <Section title="9. Return and deletion" id="deletion">
        <p>
          The Customer can retrieve its links and analytics at any time through the API, or ask support for an export. When the Agreement
          ends or the Customer deletes its account, Snip will delete Customer Personal Data within 30 days, and from backups within a
          further 30 days, unless the law requires it to be kept.
        </p>
      </Section>

      <Section title="10. Audits" id="audits">
        <p>
          Snip will answer reasonable security questionnaires once a year and provide summaries of its security practices. If these are not
          sufficient to demonstrate compliance, the Customer may, at its own cost and with 30 days' notice, carry out or commission an audit
          during business hours, subject to confidentiality and no more than once in any 12-month period, unless required by a supervisory
          authority.
        </p>
      </Section>

      <Section title="11. General" id="general">
        <p>
          The liability limits in the Agreement apply to this DPA. If this DPA conflicts with the Agreement, this DPA prevails for matters
          of data protection. Questions:{" "}
          <a href="mailto:privacy@snip.example" className={linkClass}>
            privacy@snip.example
          </a>
          . See also our{" "}
          <Link to="/app/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </Section>
    </ContentPage>
  );
}
