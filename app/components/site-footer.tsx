import { Form, Link, useLocation } from "react-router";
import { PRIVACY_MANAGER_LABEL } from "../../domain/ads";
import { Dialog } from "./dialog";

export const DO_NOT_SELL_DIALOG = "do-not-sell-dialog";
export const PRIVACY_MANAGER_DIALOG = "privacy-manager-dialog";
export const ACCESSIBILITY_DIALOG = "accessibility-dialog";

const footerLink = "hover:text-slate-900 hover:underline";

/** `privacyManager`: present when the deployment shows ads (docs/decisions/041), with the visitor's strict-private choice. */
export function SiteFooter({
  doNotSell,
  privacyManager = null,
}: {
  doNotSell: boolean;
  privacyManager?: { strictPrivate: boolean } | null;
}) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getUTCFullYear()} Snip Labs, Inc. All rights reserved.</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link to="/app/terms" className={footerLink}>
            Terms
          </Link>
          <Link to="/app/privacy-policy" className={footerLink}>
            Privacy Policy
          </Link>
          <Link to="/app/cookies-policy" className={footerLink}>
            Cookies
          </Link>
          <button type="button" commandfor={ACCESSIBILITY_DIALOG} command="show-modal" className={footerLink}>
            Accessibility statement
          </button>
          <button type="button" commandfor={DO_NOT_SELL_DIALOG} command="show-modal" className={footerLink}>
            Do Not Sell My Personal Information
          </button>
          {privacyManager ? (
            <button type="button" commandfor={PRIVACY_MANAGER_DIALOG} command="show-modal" className={footerLink}>
              {PRIVACY_MANAGER_LABEL}
            </button>
          ) : null}
        </nav>
      </div>
      <DoNotSellDialog doNotSell={doNotSell} />
      {privacyManager ? <PrivacyManagerDialog strictPrivate={privacyManager.strictPrivate} /> : null}
      <AccessibilityDialog />
    </footer>
  );
}

function DoNotSellDialog({ doNotSell }: { doNotSell: boolean }) {
  const location = useLocation();
  return (
    <Dialog id={DO_NOT_SELL_DIALOG} title="Do Not Sell or Share My Personal Information">
      <p>
        Snip does not sell your personal information. Some advertising and measurement partners on our free pages may count as a “sale” or
        “sharing” under California law. You can opt out of that here; your choice is kept in this browser.
      </p>
      <p>
        Read more in our{" "}
        <Link to="/app/privacy-policy#do-not-sell" className="font-semibold text-indigo-600 underline">
          Privacy Policy
        </Link>
        .
      </p>
      <Form method="post" action="/app/api/privacy/do-not-sell" className="space-y-4">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <label className="flex items-center gap-3 font-medium text-slate-800">
          <input type="checkbox" name="doNotSell" value="true" defaultChecked={doNotSell} className="h-5 w-5 accent-indigo-600" />
          Do not sell or share my personal information
        </label>
        <p className="text-sm text-slate-500" aria-live="polite">
          Current choice: {doNotSell ? "opted out of sale and sharing" : "not opted out"}
        </p>
        <button type="submit" className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
          Save my choice
        </button>
      </Form>
    </Dialog>
  );
}

/** The ads' privacy manager: strict privacy turns every ad off in this browser, for good (spec 02 §3's strict-private cookie). */
function PrivacyManagerDialog({ strictPrivate }: { strictPrivate: boolean }) {
  const location = useLocation();
  return (
    <Dialog id={PRIVACY_MANAGER_DIALOG} title={PRIVACY_MANAGER_LABEL}>
      <p>
        Free pages of Snip show an advertisement once you accept cookies. The ad provider may use cookies to choose and measure ads. Strict
        privacy loads no advertising at all in this browser; the do-not-sell choice in the footer does the same for sale and sharing.
      </p>
      <Form method="post" action="/app/api/privacy/strict-private" className="space-y-4">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <label className="flex items-center gap-3 font-medium text-slate-800">
          <input type="checkbox" name="strictPrivate" value="true" defaultChecked={strictPrivate} className="h-5 w-5 accent-indigo-600" />
          Strict privacy: load no advertising
        </label>
        <p className="text-sm text-slate-500" aria-live="polite">
          Current choice: {strictPrivate ? "strict privacy, no advertising" : "advertising allowed"}
        </p>
        <button type="submit" className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
          Save my choice
        </button>
      </Form>
    </Dialog>
  );
}

function AccessibilityDialog() {
  return (
    <Dialog id={ACCESSIBILITY_DIALOG} title="Accessibility statement">
      <p>
        Snip is committed to making link shortening usable by everyone. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2
        at level AA across the website and the app.
      </p>
      <ul className="list-disc space-y-2 pl-6">
        <li>Every page works with a keyboard alone, and focus is always visible.</li>
        <li>Forms work without JavaScript, label every field, and announce errors next to the field they concern.</li>
        <li>Text and controls meet AA contrast, and pages reflow down to 320 pixels wide.</li>
        <li>Dialogs close with Escape and return focus to where you were.</li>
      </ul>
      <p>
        If something is hard to use, tell us at{" "}
        <a href="mailto:accessibility@snip.example" className="font-semibold text-indigo-600 underline">
          accessibility@snip.example
        </a>
        . We answer within two business days and can provide information in another format.
      </p>
    </Dialog>
  );
}
