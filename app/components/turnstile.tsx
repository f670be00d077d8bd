/**
 * The bot-challenge widget (spec 02 §4, §8, §9): Cloudflare Turnstile, rendered explicitly from
 * the provider's script. It reports verified (with the token in a hidden `anti_robot_token`
 * field), not verified on expiry (299,999 ms after the token, or the provider's own expiry) and
 * on error. An error shows the spec's message at most once a minute, clears the token and starts
 * the check again. The parent resets it after every submit by changing `resetKey`.
 */
import { useEffect, useRef, useState } from "react";
import { GUEST_MESSAGES } from "../forms/shorten-rules";
import {
  CHALLENGE_ERROR_DEBOUNCE_MS,
  CHALLENGE_EXPIRY_MS,
  CHALLENGE_RETRY_INTERVAL_MS,
  loadTurnstile,
  type TurnstileApi,
} from "./turnstile-rules";

export { CHALLENGE_ERROR_DEBOUNCE_MS, CHALLENGE_EXPIRY_MS, CHALLENGE_RETRY_INTERVAL_MS, TURNSTILE_SCRIPT_URL } from "./turnstile-rules";

/** When the error message was last shown, across widgets of the page (spec 02 §8: at most once per 60 s). */
let lastErrorShownAt = -Infinity;

export function Turnstile({
  siteKey,
  resetKey,
  onVerifiedChange,
}: {
  siteKey: string;
  resetKey: number;
  onVerifiedChange: (verified: boolean) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const expiryTimer = useRef<number | undefined>(undefined);
  const onChange = useRef(onVerifiedChange);
  useEffect(() => {
    onChange.current = onVerifiedChange;
  });
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [interactive, setInteractive] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const clear = () => {
      window.clearTimeout(expiryTimer.current);
      setToken("");
      onChange.current(false);
    };
    const reset = () => {
      clear();
      if (widget.current) widget.current.api.reset(widget.current.id);
    };
    const fail = () => {
      const now = Date.now();
      if (now - lastErrorShownAt >= CHALLENGE_ERROR_DEBOUNCE_MS) {
        lastErrorShownAt = now;
        setError(GUEST_MESSAGES.antiRobotError);
      }
      reset();
    };
    loadTurnstile().then(
      (api) => {
        if (cancelled || !container.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          callback: (value) => {
            window.clearTimeout(expiryTimer.current);
            setToken(value);
            setError(null);
            onChange.current(true);
            expiryTimer.current = window.setTimeout(reset, CHALLENGE_EXPIRY_MS);
          },
          "expired-callback": reset,
          "error-callback": () => {
            fail();
            return true; // handled: no console error from the provider
          },
          "before-interactive-callback": () => setInteractive(true),
          "after-interactive-callback": () => setInteractive(false),
          "response-field": false,
          "refresh-expired": "manual",
          retry: "auto",
          "retry-interval": CHALLENGE_RETRY_INTERVAL_MS,
        });
        if (id !== undefined) widget.current = { api, id };
      },
      () => {
        if (!cancelled) fail();
      },
    );
    return () => {
      cancelled = true;
      window.clearTimeout(expiryTimer.current);
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [siteKey]);

  // After every submit the check starts again (spec 02 §4).
  const firstReset = useRef(resetKey);
  useEffect(() => {
    if (resetKey === firstReset.current) return;
    window.clearTimeout(expiryTimer.current);
    setToken("");
    onChange.current(false);
    if (widget.current) widget.current.api.reset(widget.current.id);
  }, [resetKey]);

  return (
    <div
      data-testid="anti-robot"
      data-sitekey={siteKey}
      data-verified={token ? "true" : "false"}
      data-interactive={interactive ? "true" : "false"}
    >
      <input type="hidden" name="anti_robot_token" value={token} />
      <div ref={container} data-turnstile-container="" className="min-h-[65px]" />
      {error ? (
        <p role="alert" className="mt-1.5 text-sm font-medium text-red-600" data-testid="anti-robot-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
