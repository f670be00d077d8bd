-- Branded domains and vanity subdomains (issue 18, docs/decisions/035).
CREATE TABLE `branded_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`hostname` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`cf_hostname_id` text,
	`verification_name` text,
	`verification_value` text,
	`hostname_status` text,
	`ssl_status` text,
	`root_redirect` text,
	`not_found_redirect` text,
	`created_at` integer NOT NULL,
	`verified_at` integer,
	`checked_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `branded_domains_hostname` ON `branded_domains` (`hostname`);--> statement-breakpoint
CREATE INDEX `branded_domains_workspace` ON `branded_domains` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `branded_domains_status` ON `branded_domains` (`status`,`checked_at`);
