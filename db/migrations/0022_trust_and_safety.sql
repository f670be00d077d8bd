ALTER TABLE `links` ADD `blocked` text;--> statement-breakpoint
ALTER TABLE `links` ADD `terminated_at` integer;--> statement-breakpoint
ALTER TABLE `links` ADD `termination_reason` text;--> statement-breakpoint
ALTER TABLE `users` ADD `terminated_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `termination_reason` text;--> statement-breakpoint
CREATE TABLE `banned_domains` (
	`domain` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `reputation_hits` (
	`id` text PRIMARY KEY NOT NULL,
	`link_id` text NOT NULL,
	`url` text NOT NULL,
	`provider` text NOT NULL,
	`threat_type` text NOT NULL,
	`checked_at` integer NOT NULL,
	`resolved_at` integer,
	`resolution` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reputation_hits_link_threat` ON `reputation_hits` (`link_id`,`threat_type`);--> statement-breakpoint
CREATE INDEX `reputation_hits_open` ON `reputation_hits` (`resolved_at`,`checked_at`);--> statement-breakpoint
CREATE TABLE `access_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`email` text,
	`max_uses` integer NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `access_invitations_code` ON `access_invitations` (`code`);
--> statement-breakpoint
CREATE TABLE `kiosk_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
