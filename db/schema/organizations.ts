/**
 * Organizations, their roles, users and teams, team memberships, invitations and the audit trail
 * (issue 16; spec 01 §3 Team and Organization, spec 02 §3 Organization, Team, Invitation).
 * Who may do what is decided by domain/permissions.ts; these tables hold the facts it reads.
 * See docs/decisions/025 for the ON DELETE choices.
 */
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { TEAM_ROLES } from "../../domain/permissions";
import { users } from "./auth";

const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const flag = (name: string) => integer(name, { mode: "boolean" });

export const INVITATION_STATES = ["pending", "accepted", "declined", "revoked", "expired"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const organizations = sqliteTable("organizations", {
  id: text("id").primaryKey(),
  /** Lowercase; unique across the service (the {org} of every organization route). */
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  /** R2 key of the organization's photo. */
  photo: text("photo"),
  /** The owner holds every permission. An owner's account cannot be deleted while they own one. */
  ownerUserId: text("owner_user_id")
    .notNull()
    .references(() => users.id, { onDelete: "restrict" }),
  archived: flag("archived").notNull().default(false),
  /** JSON list of feature flags granted to the organization. */
  features: text("features").notNull().default("[]"),
  /** The overage switch of the organization's subscription (docs/decisions/052), as users.overages_enabled is a user's. */
  overagesEnabled: flag("overages_enabled").notNull().default(false),
  createdAt: timestamp("created_at").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

/** A named list of organization permissions (domain/permissions.ts ORGANIZATION_PERMISSIONS). */
export const organizationRoles = sqliteTable(
  "organization_roles",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** JSON list of OrganizationPermission; read with parsePermissionList. */
    permissions: text("permissions").notNull().default("[]"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("organization_roles_name").on(t.organizationId, t.name),
    // The target of the (organization, role) foreign keys below: a role of another organization cannot be given.
    uniqueIndex("organization_roles_org_id").on(t.organizationId, t.id),
  ],
);

/** A user of an organization holds exactly one of its roles. */
export const organizationUsers = sqliteTable(
  "organization_users",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: text("role_id").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index("organization_users_user").on(t.userId),
    // A role in use cannot be deleted: its users are moved to another role first.
    foreignKey({
      name: "organization_users_role_fk",
      columns: [t.organizationId, t.roleId],
      foreignColumns: [organizationRoles.organizationId, organizationRoles.id],
    }).onDelete("restrict"),
  ],
);

export const teams = sqliteTable(
  "teams",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Lowercase; unique within the organization. */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** The team owner (spec 01 §6); null once that account is deleted. */
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    archived: flag("archived").notNull().default(false),
    /** JSON list of feature flags granted to the team. */
    features: text("features").notNull().default("[]"),
    /** JSON object of team options (spec 02 §5). */
    options: text("options").notNull().default("{}"),
    /** The overage switch of the team's own subscription (docs/decisions/052). */
    overagesEnabled: flag("overages_enabled").notNull().default(false),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("teams_org_slug").on(t.organizationId, t.slug),
    // The target of the (organization, team) foreign key of invitations.
    uniqueIndex("teams_org_id").on(t.organizationId, t.id),
  ],
);

export const teamMembers = sqliteTable(
  "team_members",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: TEAM_ROLES }).notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_user").on(t.userId),
    check("team_members_role", sql`${t.role} in ('admin', 'member', 'viewer')`),
  ],
);

/**
 * An invitation to an organization (with one of its roles) or to one of its teams (with a team
 * role). The token is sent by email and stored only as its SHA-256 hash.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Null for an invitation to the organization itself. */
    teamId: text("team_id"),
    /** Null once the inviter's account is deleted. */
    inviterUserId: text("inviter_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The organization role offered (organization invitations). */
    roleId: text("role_id"),
    /** The team role offered (team invitations). */
    teamRole: text("team_role", { enum: TEAM_ROLES }),
    message: text("message"),
    /** Lowercase. */
    email: text("email").notNull(),
    /** SHA-256 of the emailed token, hex. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    state: text("state", { enum: INVITATION_STATES }).notNull().default("pending"),
    createdAt: timestamp("created_at").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("invitations_token").on(t.tokenHash),
    index("invitations_email").on(t.email, t.state),
    index("invitations_org").on(t.organizationId, t.state),
    // One pending invitation per address and destination: the organization, or one of its teams.
    uniqueIndex("invitations_pending_org")
      .on(t.organizationId, t.email)
      .where(sql`${t.state} = 'pending' and ${t.teamId} is null`),
    uniqueIndex("invitations_pending_team")
      .on(t.teamId, t.email)
      .where(sql`${t.state} = 'pending' and ${t.teamId} is not null`),
    foreignKey({
      name: "invitations_team_fk",
      columns: [t.organizationId, t.teamId],
      foreignColumns: [teams.organizationId, teams.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "invitations_role_fk",
      columns: [t.organizationId, t.roleId],
      foreignColumns: [organizationRoles.organizationId, organizationRoles.id],
    }).onDelete("cascade"),
    check(
      "invitations_target",
      sql`(${t.teamId} is null and ${t.roleId} is not null and ${t.teamRole} is null) or (${t.teamId} is not null and ${t.teamRole} is not null and ${t.roleId} is null)`,
    ),
    check("invitations_state", sql`${t.state} in ('pending', 'accepted', 'declined', 'revoked', 'expired')`),
  ],
);

/** Who did what and when in an organization, written in the same db.batch as the change. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Null once the actor's account is deleted: the entry stays. */
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** What happened, e.g. "link.created", "member.added" (the next session fixes the list). */
    action: text("action").notNull(),
    /** What it happened to, e.g. a link's domain/alias or a team slug. */
    target: text("target"),
    /** JSON object with the change's details. */
    details: text("details").notNull().default("{}"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    index("audit_log_org").on(t.organizationId, t.createdAt),
    index("audit_log_org_action").on(t.organizationId, t.action, t.createdAt),
  ],
);
