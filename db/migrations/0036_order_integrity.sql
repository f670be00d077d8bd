-- Domain-order integrity (docs/decisions/043, "Retries, races and the discount").
-- Each order line keeps its custom hostname's id at Cloudflare the moment it is created (a retried
-- job does not create it twice), and when a delivery of the job took it to register (a lease:
-- a second delivery running at the same time leaves the line alone).
ALTER TABLE `domain_order_items` ADD `cf_hostname_id` text;--> statement-breakpoint
ALTER TABLE `domain_order_items` ADD `claimed_at` integer;--> statement-breakpoint
CREATE INDEX `domain_order_items_domain` ON `domain_order_items` (`domain`);--> statement-breakpoint
-- At most one new (unpaid, status 0) order per user: a double-click on checkout makes one order.
-- Older duplicates an earlier version left are cancelled (49) first, the newest kept.
UPDATE `domain_orders` SET `status` = 49 WHERE `status` = 0 AND EXISTS (
	SELECT 1 FROM `domain_orders` AS `o` WHERE `o`.`user_id` = `domain_orders`.`user_id` AND `o`.`status` = 0
	AND (`o`.`created_at` > `domain_orders`.`created_at` OR (`o`.`created_at` = `domain_orders`.`created_at` AND `o`.`id` > `domain_orders`.`id`))
);--> statement-breakpoint
CREATE UNIQUE INDEX `domain_orders_one_open` ON `domain_orders` (`user_id`) WHERE `status` = 0;--> statement-breakpoint
-- The cron's sweep of paid orders left without a job.
CREATE INDEX `domain_orders_status` ON `domain_orders` (`status`,`updated_at`);
