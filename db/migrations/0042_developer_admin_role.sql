-- The developer flag is what the kiosk asks for; "Log in as this user" is also checked by better-auth's
-- admin plugin, which asks for role "admin". The kiosk keeps the two together from now on
-- (db/users.server.ts setUserDeveloperFlag); developers made in the kiosk before this had no role.
UPDATE `users` SET `role` = 'admin' WHERE `is_developer` = 1;
--> statement-breakpoint
UPDATE `users` SET `role` = 'user' WHERE `is_developer` = 0 AND `role` = 'admin';
