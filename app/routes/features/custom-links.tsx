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

const examples = [
  { alias: "spring-sale", use: "A seasonal promotion in an email and on social media" },
  { alias: "webinar_q3", use: "A registration page mentioned out loud in a talk" },
  { alias: "menu2026", use: "A restaurant menu printed on a table card with a QR code" },
  { alias: "join-the-team", use: "A careers page in a conference slide" },
];

export default function CustomLinksPage() {
  return (
    <ContentPage
      title="Custom links"
      lead="A random short link is fine for a chat message. When people need to read, type or remember your link, give it a name. With Snip you choose the alias, so snip.example/spring-sale says exactly where it goes."
    >
      <Section title="Why custom aliases work better">
        <ul className="list-disc pl-6 space-y-2">
          <li>
            <strong>More clicks.</strong> People are more willing to follow a link when they can see what it is about before they click.
          </li>
          <li>
            <strong>Easy to say and type.</strong> A word or two is far easier to read out on a podcast or copy from a poster than a string
            of random characters.
          </li>
          <li>
            <strong>Easy to find again.</strong> Meaningful aliases make your own dashboard easier to scan and search.
          </li>
          <li>
            <strong>Consistent campaigns.</strong> Naming conventions such as <code>launch-email</code> and <code>launch-social</code> keep
            related links together.
          </li>
        </ul>
      </Section>

      <Section title="Ideas to get you started">
        <div className="grid gap-4 sm:grid-cols-2">
          {examples.map((example) => (
            <div key={example.alias} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <p className="font-mono text-sm font-semibold text-indigo-600">snip.example/{example.alias}</p>
              <p className="mt-2 text-sm leading-6 text-slate-600">{example.use}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section title="Alias rules">
        <p>Custom aliases follow a few simple rules so that every short link is safe to share anywhere:</p>
        <ul className="list-disc pl-6 space-y-2">
          <li>Letters (A–Z, a–z), digits (0–9), dashes (-) and underscores (_) only. No spaces, dots or slashes.</li>
          <li>Between 5 and 30 characters long.</li>
          <li>Each alias can be used by only one link on a domain. If your favourite is taken, try a variation.</li>
          <li>
            A small number of words are reserved because Snip uses them for its own pages, such as <code>app</code>, <code>login</code>,{" "}
            <code>pricing</code> and <code>support</code>. Reserving them also stops anyone from creating a link that looks like an official
            Snip page.
          </li>
        </ul>
        <p>
          If you leave the alias empty, Snip generates a random 8-character alias for you. Random aliases are drawn from a secure random
          source, so they can't be guessed by counting upwards.
        </p>
      </Section>

      <Section title="Change the destination, keep the name">
        <p>
          A custom alias is only valuable if it lasts. Once you've printed <code>snip.example/menu2026</code> on a table card, you can keep
          pointing it at the current menu for as long as you like: edit the destination in your dashboard and the next visitor lands on the
          new page. Read more in{" "}
          <Link to="/app/features/link-management" className={linkClass}>
            link management
          </Link>
          .
        </p>
      </Section>

      <Section title="Take it further with your own domain">
        <p>
          Custom aliases pair naturally with{" "}
          <Link to="/app/features/branded-domains" className={linkClass}>
            branded domains
          </Link>
          . On a domain you own, the whole link carries your name, for example <code>go.yourbrand.com/spring-sale</code>, and aliases on
          your domain are yours alone. Yearly paid plans even include{" "}
          <Link to="/app/features/free-domains" className={linkClass}>
            a free domain for the first year
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
