ALTER TABLE `users` ADD `current_team_id` text REFERENCES teams(id) ON DELETE set null;
