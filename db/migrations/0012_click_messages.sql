CREATE TABLE `click_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`counted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `click_messages_counted_at` ON `click_messages` (`counted_at`);--> statement-breakpoint
DROP TABLE `clicks`;