-- A visitor seen for the first time in a link's hour (the INSERT OR IGNORE into
-- click_visitors inserted a row) adds one unique visitor to that hour's rollup. Doing it
-- in a trigger lets the consumer insert a whole batch of visitors in a few statements.
CREATE TRIGGER `click_visitors_count_unique` AFTER INSERT ON `click_visitors`
BEGIN
  INSERT OR IGNORE INTO `click_hourly` (`link_id`, `hour`, `clicks`, `uniques`, `bot_clicks`) VALUES (NEW.`link_id`, NEW.`hour`, 0, 0, 0);
  UPDATE `click_hourly` SET `uniques` = `uniques` + 1 WHERE `link_id` = NEW.`link_id` AND `hour` = NEW.`hour`;
END;
