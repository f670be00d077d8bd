ALTER TABLE `links` ADD `analytics_shared` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `links_workspace_url` ON `links` (`workspace_id`,`url`);
