CREATE TABLE `billing_customers` (
	`user_id` text NOT NULL,
	`billing_type` integer NOT NULL,
	`billing_id` text NOT NULL,
	`pm_type` text,
	`pm_last_four` text,
	`pm_expiration` text,
	`pm_country` text,
	`pm_event_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `billing_type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_customers_billing_id` ON `billing_customers` (`billing_type`,`billing_id`);