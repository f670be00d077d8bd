/**
 * Every page and call sits in this pathless layout. It adds nothing to a page; it is here for its
 * error boundary: an error thrown by a page's action (a form sent with the wrong method or body, a
 * refusal) is caught below the root, so the root's loader still runs and the error page keeps the
 * header of whoever is signed in. An error caught by the root's own boundary has no root data.
 */
import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page";
import type { Route } from "./+types/shell";

export default function Shell() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
