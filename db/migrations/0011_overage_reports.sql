CREATE TABLE `overage_reports` (
	`user_id` text NOT NULL,
	`period_starts_at` integer NOT NULL,
	`blocks` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `period_starts_at`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
