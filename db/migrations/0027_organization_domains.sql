-- Organization domains (issue 18, docs/decisions/044): a branded domain belongs to a workspace or
-- to an organization; an organization's domain serves every team (for_all_teams) or the teams
-- listed in branded_domain_teams. The table is rebuilt (workspace_id and user_id become nullable;
-- nothing references it); every existing row is kept column for column. user_id (who added it) is
-- set null when that account goes: an organization's domain outlives whoever added it.
CREATE TABLE `__new_branded_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text,
	`organization_id` text,
	`for_all_teams` integer DEFAULT false NOT NULL,
	`user_id` text,
	`hostname` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`cf_hostname_id` text,
	`verification_name` text,
	`verification_value` text,
	`hostname_status` text,
	`ssl_status` text,
	`root_redirect` text,
	`not_found_redirect` text,
	`created_at` integer NOT NULL,
	`verified_at` integer,
	`checked_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "branded_domains_owner_shape" CHECK(("workspace_id" is not null and "organization_id" is null)
        or ("workspace_id" is null and "organization_id" is not null))
);
--> statement-breakpoint
INSERT INTO `__new_branded_domains` (`id`, `workspace_id`, `organization_id`, `for_all_teams`, `user_id`, `hostname`, `kind`, `status`, `cf_hostname_id`, `verification_name`, `verification_value`, `hostname_status`, `ssl_status`, `root_redirect`, `not_found_redirect`, `created_at`, `verified_at`, `checked_at`)
  SELECT `id`, `workspace_id`, NULL, false, `user_id`, `hostname`, `kind`, `status`, `cf_hostname_id`, `verification_name`, `verification_value`, `hostname_status`, `ssl_status`, `root_redirect`, `not_found_redirect`, `created_at`, `verified_at`, `checked_at` FROM `branded_domains`;--> statement-breakpoint
DROP TABLE `branded_domains`;--> statement-breakpoint
ALTER TABLE `__new_branded_domains` RENAME TO `branded_domains`;--> statement-breakpoint
CREATE UNIQUE INDEX `branded_domains_hostname` ON `branded_domains` (`hostname`);--> statement-breakpoint
CREATE INDEX `branded_domains_workspace` ON `branded_domains` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `branded_domains_organization` ON `branded_domains` (`organization_id`);--> statement-breakpoint
CREATE INDEX `branded_domains_status` ON `branded_domains` (`status`,`checked_at`);--> statement-breakpoint
-- The teams an organization's domain is assigned to (when it is not for all teams).
CREATE TABLE `branded_domain_teams` (
	`domain_id` text NOT NULL,
	`team_id` text NOT NULL,
	PRIMARY KEY(`domain_id`, `team_id`),
	FOREIGN KEY (`domain_id`) REFERENCES `branded_domains`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `branded_domain_teams_team` ON `branded_domain_teams` (`team_id`);
