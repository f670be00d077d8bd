-- Redirect routes (issue 20, docs/decisions/037): a link's ordered routing rules (CompactRoute[]
-- JSON), whether they are applied (the owner's plan has redirect_routes) and until when.
ALTER TABLE `links` ADD `routes` text;
--> statement-breakpoint
ALTER TABLE `links` ADD `routes_on` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `links` ADD `routes_until` integer;
