-- Renewal of bought domains (issue 18, docs/decisions/050): one row per domain registered through
-- an order, with the registrar's expiry, the owner's auto-renew setting (on by default), whether
-- the daily pass stopped serving it after its expiry, and the last renewal refusal (spec 01 §4
-- reason 3, with the registrar's words).
CREATE TABLE `domain_registrations` (
	`domain` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`order_id` text,
	`expires_at` integer NOT NULL,
	`auto_renew` integer DEFAULT true NOT NULL,
	`expired` integer DEFAULT false NOT NULL,
	`reason` integer,
	`reason_detail` text,
	`renewed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `domain_orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `domain_registrations_due` ON `domain_registrations` (`expires_at`);
--> statement-breakpoint
CREATE INDEX `domain_registrations_user` ON `domain_registrations` (`user_id`);
