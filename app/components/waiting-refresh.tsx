/**
 * How a billing page that waits for a provider's event moves on (docs/decisions/064): with
 * JavaScript, after `seconds` it navigates to `to` in place (a client-side navigation that
 * replaces the history entry), so the page's status message changes where it is, is announced,
 * and focus and scroll stay put; without JavaScript, the same timed refresh inside <noscript>.
 * The root hydrates a waiting page (its loader answers `refresh`, route-handle.ts) even when its
 * route ships no JavaScript otherwise.
 */
import { useEffect } from "react";
import { useNavigate, useNavigation } from "react-router";
import type { PageRefresh } from "../route-handle";

export function WaitingRefresh({ refresh }: { refresh: PageRefresh | null }) {
  const navigate = useNavigate();
  const to = refresh?.to ?? null;
  const seconds = refresh?.seconds ?? 0;
  // A form being sent from the page (a card, on the payment pages) is not interrupted: the wait
  // starts again once the page is idle.
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    if (to === null || busy) return;
    const timer = setTimeout(() => void navigate(to, { replace: true, preventScrollReset: true }), seconds * 1000);
    return () => clearTimeout(timer);
  }, [navigate, to, seconds, busy]);
  if (refresh === null) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${refresh.seconds};url=${refresh.to}`} />
    </noscript>
  );
}
