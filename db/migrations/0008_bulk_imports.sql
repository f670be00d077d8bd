CREATE TABLE `bulk_import_rows` (
	`import_id` text NOT NULL,
	`row` integer NOT NULL,
	`status` text NOT NULL,
	`url` text NOT NULL,
	`link_id` text,
	`alias` text,
	`reason` text,
	`run` integer NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`import_id`, `row`),
	FOREIGN KEY (`import_id`) REFERENCES `bulk_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `bulk_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`file_hash` text NOT NULL,
	`file_name` text NOT NULL,
	`format` text NOT NULL,
	`domain` text NOT NULL,
	`with_header` integer NOT NULL,
	`total` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`run` integer DEFAULT 1 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`refused` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bulk_imports_user_file_domain` ON `bulk_imports` (`user_id`,`file_hash`,`domain`);--> statement-breakpoint
CREATE INDEX `bulk_imports_user` ON `bulk_imports` (`user_id`,`created_at`);