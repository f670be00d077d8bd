-- Bought domains (issue 18, docs/decisions/054): automatic DNS at DNSimple, and the renewal rows
-- of domains bought before migration 0033.
--
-- expiry_checked_at: when expires_at was last read from the registrar. Rows the order job wrote
-- hold the registrar's answer (checked when written); the backfilled rows below hold an estimate
-- (NULL) that the daily renewal pass replaces with the registrar's expires_at before deciding.
ALTER TABLE `domain_registrations` ADD `expiry_checked_at` integer;--> statement-breakpoint
UPDATE `domain_registrations` SET `expiry_checked_at` = `updated_at`;--> statement-breakpoint
-- The DNS records Snip publishes in the bought domain's DNSimple zone: NULL (not tried yet),
-- 'published', or 'failed' with DNSimple's words (or the record found with another value).
ALTER TABLE `domain_registrations` ADD `dns_state` text;--> statement-breakpoint
ALTER TABLE `domain_registrations` ADD `dns_detail` text;--> statement-breakpoint
ALTER TABLE `domain_registrations` ADD `dns_at` integer;--> statement-breakpoint
-- The backfill: one row per domain a paid order registered before 0033, auto-renew on as for any
-- bought domain. The expiry is an estimate, never later than the real one: the order's creation
-- (before its payment, so before the registration) plus the years bought; expiry_checked_at NULL
-- says the registrar has not confirmed it yet.
INSERT OR IGNORE INTO `domain_registrations`
	(`domain`, `user_id`, `order_id`, `expires_at`, `auto_renew`, `expired`, `created_at`, `updated_at`, `expiry_checked_at`)
SELECT `i`.`domain`, `o`.`user_id`, `o`.`id`, `o`.`created_at` + `i`.`years` * 31536000000, 1, 0, `o`.`updated_at`, `o`.`updated_at`, NULL
FROM `domain_order_items` AS `i` JOIN `domain_orders` AS `o` ON `o`.`id` = `i`.`order_id`
WHERE `i`.`state` = 'registered' AND `o`.`status` IN (33, 48)
ORDER BY `o`.`created_at` DESC;
