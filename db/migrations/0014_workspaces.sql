CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`organization_id` text,
	`team_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`,`team_id`) REFERENCES `teams`(`organization_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "workspaces_shape" CHECK(("workspaces"."kind" = 'personal' and "workspaces"."user_id" is not null and "workspaces"."organization_id" is null and "workspaces"."team_id" is null and "workspaces"."id" = "workspaces"."user_id")
        or ("workspaces"."kind" = 'team' and "workspaces"."team_id" is not null and "workspaces"."organization_id" is not null and "workspaces"."user_id" is null and "workspaces"."id" = "workspaces"."team_id")
        or ("workspaces"."kind" = 'member' and "workspaces"."user_id" is not null and "workspaces"."organization_id" is not null and "workspaces"."team_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspaces_personal` ON `workspaces` (`user_id`) WHERE "workspaces"."kind" = 'personal';--> statement-breakpoint
CREATE UNIQUE INDEX `workspaces_team` ON `workspaces` (`team_id`) WHERE "workspaces"."kind" = 'team';--> statement-breakpoint
CREATE UNIQUE INDEX `workspaces_member` ON `workspaces` (`organization_id`,`user_id`) WHERE "workspaces"."kind" = 'member';--> statement-breakpoint
CREATE INDEX `workspaces_org` ON `workspaces` (`organization_id`);--> statement-breakpoint
-- Every existing user gets a personal workspace whose id is the user's id (docs/decisions/027),
-- and every user created from now on gets one with the same statement that creates them.
INSERT INTO `workspaces` (`id`, `kind`, `user_id`, `organization_id`, `team_id`, `created_at`)
  SELECT `id`, 'personal', `id`, NULL, NULL, `created_at` FROM `users`;--> statement-breakpoint
CREATE TRIGGER `users_personal_workspace` AFTER INSERT ON `users`
BEGIN
  INSERT OR IGNORE INTO `workspaces` (`id`, `kind`, `user_id`, `created_at`) VALUES (NEW.`id`, 'personal', NEW.`id`, NEW.`created_at`);
END;--> statement-breakpoint
CREATE TRIGGER `teams_workspace` AFTER INSERT ON `teams`
BEGIN
  INSERT OR IGNORE INTO `workspaces` (`id`, `kind`, `organization_id`, `team_id`, `created_at`) VALUES (NEW.`id`, 'team', NEW.`organization_id`, NEW.`id`, NEW.`created_at`);
END;--> statement-breakpoint
INSERT INTO `workspaces` (`id`, `kind`, `user_id`, `organization_id`, `team_id`, `created_at`)
  SELECT `id`, 'team', NULL, `organization_id`, `id`, `created_at` FROM `teams`;--> statement-breakpoint
-- Usage counters are keyed by workspace: rebuilt (nothing references the table), every row kept
-- under its user's personal workspace.
CREATE TABLE `__new_usage_counters` (
	`workspace_id` text NOT NULL,
	`counter` text NOT NULL,
	`period` text NOT NULL,
	`used` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `counter`, `period`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_usage_counters`("workspace_id", "counter", "period", "used") SELECT "user_id", "counter", "period", "used" FROM `usage_counters`;--> statement-breakpoint
DROP TABLE `usage_counters`;--> statement-breakpoint
ALTER TABLE `__new_usage_counters` RENAME TO `usage_counters`;--> statement-breakpoint
-- Owned tables: a workspace column, filled with the creator's personal workspace.
DROP INDEX `tags_user_name`;--> statement-breakpoint
ALTER TABLE `tags` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `tags` SET `workspace_id` = `user_id`;--> statement-breakpoint
CREATE UNIQUE INDEX `tags_workspace_name` ON `tags` (`workspace_id`,`name`);--> statement-breakpoint
DROP INDEX `utm_presets_user_name`;--> statement-breakpoint
ALTER TABLE `utm_presets` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `utm_presets` SET `workspace_id` = `user_id`;--> statement-breakpoint
CREATE UNIQUE INDEX `utm_presets_workspace_name` ON `utm_presets` (`workspace_id`,`name`);--> statement-breakpoint
DROP INDEX `bulk_imports_user_file_domain`;--> statement-breakpoint
ALTER TABLE `bulk_imports` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `bulk_imports` SET `workspace_id` = `user_id`;--> statement-breakpoint
CREATE UNIQUE INDEX `bulk_imports_workspace_file_domain` ON `bulk_imports` (`workspace_id`,`file_hash`,`domain`);--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `webhook_endpoints` SET `workspace_id` = `user_id`;--> statement-breakpoint
CREATE INDEX `webhook_endpoints_workspace` ON `webhook_endpoints` (`workspace_id`);--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `api_tokens` SET `workspace_id` = `user_id`;--> statement-breakpoint
CREATE INDEX `api_tokens_workspace` ON `api_tokens` (`workspace_id`,`created_at`);--> statement-breakpoint
-- Links keep user_id (the creator, no foreign key: a closed account's links stay, deleted). A link
-- whose creator is gone keeps no workspace; a guest's link never has one.
ALTER TABLE `links` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE set null;--> statement-breakpoint
UPDATE `links` SET `workspace_id` = `user_id` WHERE `user_id` IN (SELECT `id` FROM `workspaces`);--> statement-breakpoint
CREATE INDEX `links_workspace` ON `links` (`workspace_id`,`created_at`);
