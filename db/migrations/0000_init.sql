CREATE TABLE `links` (
	`id` text PRIMARY KEY NOT NULL,
	`domain` text NOT NULL,
	`alias` text NOT NULL,
	`url` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`user_id` text,
	`guest_id` text,
	`description` text,
	`expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `links_domain_alias` ON `links` (`domain`,`alias`);--> statement-breakpoint
CREATE INDEX `links_guest` ON `links` (`guest_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `links_user` ON `links` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `click_dimensions` (
	`link_id` text NOT NULL,
	`hour` integer NOT NULL,
	`dimension` text NOT NULL,
	`value` text NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`link_id`, `hour`, `dimension`, `value`)
);
--> statement-breakpoint
CREATE TABLE `click_hourly` (
	`link_id` text NOT NULL,
	`hour` integer NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`uniques` integer DEFAULT 0 NOT NULL,
	`bot_clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`link_id`, `hour`)
);
--> statement-breakpoint
CREATE TABLE `click_visitors` (
	`link_id` text NOT NULL,
	`hour` integer NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`link_id`, `hour`, `visitor`)
);
--> statement-breakpoint
CREATE TABLE `clicks` (
	`id` text PRIMARY KEY NOT NULL,
	`link_id` text NOT NULL,
	`at` integer NOT NULL,
	`country` text NOT NULL,
	`referrer_host` text NOT NULL,
	`device` text NOT NULL,
	`browser` text NOT NULL,
	`os` text NOT NULL,
	`language` text NOT NULL,
	`is_bot` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dead_letters` (
	`id` text PRIMARY KEY NOT NULL,
	`queue` text NOT NULL,
	`body` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mail_suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
