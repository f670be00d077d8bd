-- Issue 19 kiosk domains (decision 045): staff may stop a branded domain serving, whatever its verification says.
ALTER TABLE `branded_domains` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `branded_domains` ADD `disabled_reason` text;
