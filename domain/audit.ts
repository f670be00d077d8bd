/**
 * The audit trail's vocabulary (issue 16, spec 01 §6 "audit logs"): every change inside an
 * organization writes one `audit_log` row, in the same `db.batch` as the change itself
 * (db/audit.server.ts `auditInsert`). The names are fixed here so the Audit Trail page can filter
 * and label them; a change of meaning is a new name, never a reuse.
 */
export const AUDIT_ACTIONS = {
  "organization.created": "Organization created",
  "organization.updated": "Organization profile updated",
  "organization.archived": "Organization archived",
  "organization.restored": "Organization restored",
  "organization.deleted": "Organization deleted",
  "role.created": "Role created",
  "role.updated": "Role updated",
  "role.deleted": "Role deleted",
  "user.role-changed": "User's role changed",
  "user.removed": "User removed",
  "user.joined": "User joined",
  "team.created": "Team created",
  "team.updated": "Team updated",
  "team.archived": "Team archived",
  "team.restored": "Team restored",
  "member.added": "Team member added",
  "member.role-changed": "Team member's role changed",
  "member.removed": "Team member removed",
  "invitation.sent": "Invitation sent",
  "invitation.accepted": "Invitation accepted",
  "invitation.declined": "Invitation declined",
  "invitation.revoked": "Invitation revoked",
  "link.created": "Link created",
  "link.updated": "Link edited",
  "link.deleted": "Link deleted",
  "links.imported": "Links imported",
  "domain.added": "Domain added",
  "domain.removed": "Domain removed",
  "token.created": "API token created",
  "token.revoked": "API token revoked",
  "subscription.changed": "Subscription changed",
  "helpdesk.request": "Support request sent",
  // Single sign-on (issue 17, docs/decisions/034)
  "sso.configured": "Single sign-on configured",
  "sso.removed": "Single sign-on removed",
  "sso.domain-verified": "SSO domain verified",
  "sso.required-changed": "SSO requirement changed",
  // Organization domains (issue 18, docs/decisions/044)
  "domain.teams-changed": "Domain's teams changed",
  // Organization subdomains, vanity subdomains and redirects (issue 18, decision 044)
  "domain.redirects-changed": "Domain's redirects changed",
  // A bought domain moved in from its buyer's account (issue 18, decision 053)
  "domain.moved-in": "Domain moved in from an account",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(name: string): name is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, name);
}
