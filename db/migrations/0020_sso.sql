-- Single sign-on for organizations (issue 17, docs/decisions/034)
CREATE TABLE `organization_sso` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret` text NOT NULL,
	`default_role_id` text NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sso_domains` (
	`organization_id` text NOT NULL,
	`domain` text NOT NULL,
	`token` text NOT NULL,
	`verified_at` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `domain`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sso_domains_verified` ON `sso_domains` (`domain`) WHERE "sso_domains"."verified_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `sso_domains_domain` ON `sso_domains` (`domain`);
--> statement-breakpoint
ALTER TABLE `sessions` ADD `sso_organization_id` text;
