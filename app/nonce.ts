/**
 * The response's CSP nonce for the components that render inline or provider scripts (root's
 * shell scripts, React Router's <Scripts>, Paddle.js). Provided by entry.server; in the browser
 * it is undefined, and scripts added after hydration are not inline.
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
