-- Pixel scripts (issue 20, docs/decisions/047): a workspace's retargeting pixels (kind and id
-- only), and on each link the copy of its workspace's pixels it fires (JSON of [kind, id]
-- pairs; null when the link does not opt in).
CREATE TABLE `pixels` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text,
	`kind` text NOT NULL,
	`pixel_id` text NOT NULL,
	`name` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pixels_workspace_kind_id` ON `pixels` (`workspace_id`,`kind`,`pixel_id`);
--> statement-breakpoint
CREATE INDEX `pixels_workspace` ON `pixels` (`workspace_id`,`created_at`);
--> statement-breakpoint
ALTER TABLE `links` ADD `pixels` text;
