-- Subscriptions and billing customers belong to a billing owner (docs/decisions/033): a user's
-- personal workspace (owner_id = user_id), a team's workspace (owner_id = team_id) or an
-- organization (owner_id = organization_id). Both tables are rebuilt (nothing references them);
-- every existing row is kept column for column as its user's personal workspace's, under the same
-- id (a personal subscription's row id stays "<user id>:default:current").
CREATE TABLE `__new_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`user_id` text,
	`organization_id` text,
	`team_id` text,
	`slot` text DEFAULT 'current' NOT NULL,
	`name` text NOT NULL,
	`interval` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`ends_at` integer,
	`trial_ends_at` integer,
	`period_starts_at` integer,
	`period_ends_at` integer,
	`billing_status` text,
	`type` text DEFAULT 'default' NOT NULL,
	`billing_type` integer,
	`billing_id` text,
	`event_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`,`team_id`) REFERENCES `teams`(`organization_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "subscriptions_owner_shape" CHECK(("user_id" is not null and "owner_id" = "user_id" and "organization_id" is null and "team_id" is null)
        or ("team_id" is not null and "organization_id" is not null and "user_id" is null and "owner_id" = "team_id")
        or ("organization_id" is not null and "team_id" is null and "user_id" is null and "owner_id" = "organization_id"))
);
--> statement-breakpoint
INSERT INTO `__new_subscriptions` (`id`, `owner_id`, `user_id`, `organization_id`, `team_id`, `slot`, `name`, `interval`, `amount`, `currency`, `quantity`, `ends_at`, `trial_ends_at`, `period_starts_at`, `period_ends_at`, `billing_status`, `type`, `billing_type`, `billing_id`, `event_at`, `created_at`, `updated_at`)
  SELECT `id`, `user_id`, `user_id`, NULL, NULL, `slot`, `name`, `interval`, `amount`, `currency`, `quantity`, `ends_at`, `trial_ends_at`, `period_starts_at`, `period_ends_at`, `billing_status`, `type`, `billing_type`, `billing_id`, `event_at`, `created_at`, `updated_at` FROM `subscriptions`;--> statement-breakpoint
DROP TABLE `subscriptions`;--> statement-breakpoint
ALTER TABLE `__new_subscriptions` RENAME TO `subscriptions`;--> statement-breakpoint
CREATE INDEX `subscriptions_user` ON `subscriptions` (`user_id`,`slot`);--> statement-breakpoint
CREATE INDEX `subscriptions_owner` ON `subscriptions` (`owner_id`,`slot`);--> statement-breakpoint
CREATE TABLE `__new_billing_customers` (
	`owner_id` text NOT NULL,
	`user_id` text,
	`organization_id` text,
	`team_id` text,
	`billing_type` integer NOT NULL,
	`billing_id` text NOT NULL,
	`pm_type` text,
	`pm_last_four` text,
	`pm_expiration` text,
	`pm_country` text,
	`pm_event_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`owner_id`, `billing_type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`,`team_id`) REFERENCES `teams`(`organization_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "billing_customers_owner_shape" CHECK(("user_id" is not null and "owner_id" = "user_id" and "organization_id" is null and "team_id" is null)
        or ("team_id" is not null and "organization_id" is not null and "user_id" is null and "owner_id" = "team_id")
        or ("organization_id" is not null and "team_id" is null and "user_id" is null and "owner_id" = "organization_id"))
);
--> statement-breakpoint
INSERT INTO `__new_billing_customers` (`owner_id`, `user_id`, `organization_id`, `team_id`, `billing_type`, `billing_id`, `pm_type`, `pm_last_four`, `pm_expiration`, `pm_country`, `pm_event_at`, `created_at`, `updated_at`)
  SELECT `user_id`, `user_id`, NULL, NULL, `billing_type`, `billing_id`, `pm_type`, `pm_last_four`, `pm_expiration`, `pm_country`, `pm_event_at`, `created_at`, `updated_at` FROM `billing_customers`;--> statement-breakpoint
DROP TABLE `billing_customers`;--> statement-breakpoint
ALTER TABLE `__new_billing_customers` RENAME TO `billing_customers`;--> statement-breakpoint
CREATE UNIQUE INDEX `billing_customers_billing_id` ON `billing_customers` (`billing_type`,`billing_id`);--> statement-breakpoint
-- A checkout names the owner it subscribes; the ones before this migration were their user's.
ALTER TABLE `checkout_sessions` ADD `owner_id` text;--> statement-breakpoint
UPDATE `checkout_sessions` SET `owner_id` = `user_id`;
