CREATE TABLE `blocked_addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`cidr` text NOT NULL,
	`reason` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blocked_addresses_cidr` ON `blocked_addresses` (`cidr`);--> statement-breakpoint
CREATE TABLE `password_dictionary` (
	`word` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "password_dictionary_kind" CHECK("password_dictionary"."kind" in ('added', 'removed'))
);
--> statement-breakpoint
CREATE TABLE `staff_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`staff_user_id` text,
	`staff_email` text NOT NULL,
	`action` text NOT NULL,
	`target` text,
	`details` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`staff_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `staff_audit_log_action` ON `staff_audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `staff_audit_log_created` ON `staff_audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `survey_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`survey_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`prompt` text NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "survey_questions_kind" CHECK("survey_questions"."kind" in ('text', 'choice'))
);
--> statement-breakpoint
CREATE INDEX `survey_questions_survey` ON `survey_questions` (`survey_id`,`position`);--> statement-breakpoint
CREATE TABLE `survey_responses` (
	`id` text PRIMARY KEY NOT NULL,
	`survey_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`answers` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "survey_responses_status" CHECK("survey_responses"."status" in ('answered', 'skipped'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_responses_user` ON `survey_responses` (`survey_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `survey_responses_created` ON `survey_responses` (`survey_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `surveys` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`onboarding` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `surveys_one_onboarding` ON `surveys` (`onboarding`) WHERE "surveys"."onboarding" = 1;--> statement-breakpoint
ALTER TABLE `announcements` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `announcements` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `announcements_published` ON `announcements` (`published_at`);--> statement-breakpoint
-- Announcements made before publishing existed were shown at once: they stay published.
UPDATE `announcements` SET `published_at` = `created_at` WHERE `published_at` IS NULL;
