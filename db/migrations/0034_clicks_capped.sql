-- Clicks options (issue 20, docs/decisions/038, "capped links"): until when the redirect worker
-- sends no clicks of a link that reached its plan's max_trackable_clicks (epoch ms; null: it sends
-- them). Set by the clicks consumer when it finds the cap reached, carried in the link's KV record,
-- cleared by the "Unlimited click tracking" tick and by a change of the plan in force.
ALTER TABLE `links` ADD `clicks_capped_until` integer;
