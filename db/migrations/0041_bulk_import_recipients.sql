-- Teammates who uploaded a team's file while it was being imported: the run's end notifies them too (spec 02 §8), and they may open its result file.
CREATE TABLE `bulk_import_recipients` (
	`import_id` text NOT NULL,
	`user_id` text NOT NULL,
	`run` integer NOT NULL,
	PRIMARY KEY(`import_id`, `user_id`, `run`),
	FOREIGN KEY (`import_id`) REFERENCES `bulk_imports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
