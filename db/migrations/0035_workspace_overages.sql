-- Overages per workspace (issue 17, docs/decisions/052): the overage switch of a team's and an
-- organization's subscription, and the blocks reported per workspace and subscription owner.
ALTER TABLE `teams` ADD `overages_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `overages_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE `__new_overage_reports` (
	`workspace_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`period_starts_at` integer NOT NULL,
	`blocks` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `owner_id`, `period_starts_at`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
-- A personal report was the user's workspace's, paid by the user (a personal workspace's id is its user's id).
INSERT INTO `__new_overage_reports` (`workspace_id`, `owner_id`, `period_starts_at`, `blocks`, `updated_at`)
	SELECT `user_id`, `user_id`, `period_starts_at`, `blocks`, `updated_at` FROM `overage_reports`
	WHERE `user_id` IN (SELECT `id` FROM `workspaces`);--> statement-breakpoint
DROP TABLE `overage_reports`;--> statement-breakpoint
ALTER TABLE `__new_overage_reports` RENAME TO `overage_reports`;
