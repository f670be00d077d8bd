-- Clicks options (issue 20, docs/decisions/038): per link, the clicks counted so far (human and
-- bot, kept by the clicks consumer in the same batch as the rollups, so max_trackable_clicks is
-- checked without summing click_hourly), and whether the owner exempted it from that limit
-- (links_with_unlimited_clicks). Existing links start from their rollups.
ALTER TABLE `links` ADD `tracked_clicks` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `links` ADD `clicks_unlimited` integer DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE `links` SET `tracked_clicks` = (SELECT COALESCE(SUM(`clicks` + `bot_clicks`), 0) FROM `click_hourly` WHERE `click_hourly`.`link_id` = `links`.`id`);
