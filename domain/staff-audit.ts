/**
 * The staff audit log's vocabulary (issue 19 "Every staff action is written to an audit log that
 * the kiosk shows", decision 032): every kiosk change writes one `staff_audit_log` row in the same
 * `db.batch` as the change (db/staff-audit.server.ts). The area prefix (before the dot) picks the
 * kiosk page whose "Staff log" section shows it.
 */
export const STAFF_AUDIT_ACTIONS = {
  "announcement.created": "Announcement written",
  "announcement.updated": "Announcement edited",
  "announcement.published": "Announcement published",
  "announcement.unpublished": "Announcement unpublished",
  "announcement.deleted": "Announcement deleted",
  "password.added": "Password added to the dictionary",
  "password.removed": "Password removed from the dictionary",
  "address.blocked": "Address blocked",
  "address.unblocked": "Address unblocked",
  "survey.created": "Survey created",
  "survey.updated": "Survey renamed",
  "survey.question-added": "Question added",
  "survey.question-removed": "Question removed",
  "survey.onboarding-on": "Turned on as the onboarding survey",
  "survey.onboarding-off": "Onboarding survey turned off",
  "helpdesk.answered": "Support request answered",
  "helpdesk.answer-edited": "Support request answer edited",
  // Trust and safety (decision 036)
  "domain.banned": "Destination domain banned",
  "domain.unbanned": "Destination domain ban lifted",
  "link.terminated": "Link terminated",
  "link.restored": "Link restored",
  "link.bulk-terminated": "Every link to a destination terminated",
  "link.bulk-restored": "Every link to a destination restored",
  "link.moved": "Link moved to another workspace",
  "account.terminated": "Account terminated",
  "account.restored": "Account restored",
  "account.impersonated": "Logged in as this user",
  "account.developer-on": "Developer flag given",
  "account.developer-off": "Developer flag removed",
  "reputation.dismissed": "Reputation hit dismissed",
  "invitation.issued": "Access invitation issued",
  "invitation.revoked": "Access invitation revoked",
  "invitation.invite-only-on": "Sign-up made invite-only",
  "invitation.invite-only-off": "Sign-up opened to everyone",
  // Kiosk domains (decision 045)
  "host.disabled": "Short domain stopped serving",
  "host.enabled": "Short domain serving again",
  "host.rechecked": "Short domain re-checked",
} as const;

export type StaffAuditAction = keyof typeof STAFF_AUDIT_ACTIONS;
export type StaffAuditArea =
  "announcement" | "password" | "address" | "survey" | "helpdesk" | "domain" | "link" | "account" | "reputation" | "invitation" | "host";

export function staffAuditLabel(action: string): string {
  return (STAFF_AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}
