import { Form, Link, useLocation } from "react-router";
import { Dialog } from "./dialog";

export const DO_NOT_SELL_DIALOG = "do-not-sell-dialog";
export const ACCESSIBILITY_DIALOG = "accessibility-dialog";

const footerLink = "hover:text-slate-900 hover:underline";

export function SiteFooter({ doNotSell }: { doNotSell: boolean }) {
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
        </nav>
      </div>
      <DoNotSellDialog doNotSell={doNotSell} />
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
