CREATE TABLE `billing_events` (
	`id` text PRIMARY KEY NOT NULL,
	`billing_type` integer NOT NULL,
	`type` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`handled_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`billing_type` integer NOT NULL,
	`plan` text NOT NULL,
	`interval` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`trial_days` integer DEFAULT 0 NOT NULL,
	`coupon` text,
	`first_amount` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `checkout_sessions_user` ON `checkout_sessions` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `overages_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `event_at` integer;