-- The staff log read by target (a user's kiosk page, a link's history): an index read, not the area's newest rows filtered in code.
CREATE INDEX `staff_audit_log_target` ON `staff_audit_log` (`target`,`created_at`);
