-- Demo data for local runs (npm start / npm run dev). Idempotent; never applied in production.
INSERT OR IGNORE INTO links (id, domain, alias, url, status, description, created_at, updated_at) VALUES
  ('00000000-0000-4000-8000-000000000001', 'localhost:8787', 'snip-demo', 'https://example.com/?ref=snip-demo', 'active', 'Demo link', 1767225600000, 1767225600000),
  ('00000000-0000-4000-8000-000000000002', 'localhost:8787', 'snip-docs', 'https://developers.cloudflare.com/workers/', 'active', 'Workers documentation', 1767225600000, 1767225600000),
  ('00000000-0000-4000-8000-000000000003', 'localhost:8787', 'snip-expired', 'https://example.com/expired', 'active', 'An expired demo link', 1767225600000, 1767225600000),
  ('00000000-0000-4000-8000-000000000004', 'localhost:8787', 'snip-archived', 'https://example.com/archived', 'archived', 'An archived demo link', 1767225600000, 1767225600000);
UPDATE links SET expires_at = 1767225600000 WHERE id = '00000000-0000-4000-8000-000000000003';

-- Demo accounts (README "Demo logins"). Password hashes are better-auth's scrypt format
-- (salt:key) of "demo-password" and "staff-password".
INSERT OR IGNORE INTO users (id, name, email, email_verified, email_verified_at, is_developer, role, created_at, updated_at) VALUES
  ('demo-user-0000000000000000000001', 'Demo User', 'demo@example.com', 1, 1767225600000, 0, 'user', 1767225600000, 1767225600000),
  ('staff-user-000000000000000000001', 'Staff User', 'staff@example.com', 1, 1767225600000, 1, 'admin', 1767225600000, 1767225600000);
INSERT OR IGNORE INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES
  ('demo-account-00000000000000000001', 'demo-user-0000000000000000000001', 'credential', 'demo-user-0000000000000000000001',
   '90e7b35441c5c01dcbb888762f184edd:ef2a9a26fc2fd7dd2738b06d358f84ee6d357b8c97587faef01a25f09e842a142765462b558bf83afb8ea33f39e4d7a7ca39e6ac859c6101ce6102a2c8cbd5b0',
   1767225600000, 1767225600000),
  ('staff-account-0000000000000000001', 'staff-user-000000000000000000001', 'credential', 'staff-user-000000000000000000001',
   '012807ad1c3df5dd97d038f01ea30357:321e7d4ab97c98ea4589bbb06617db739b29ce192d9d634951bfa1b3fdc8784874c72080929e1cf0ad1abe1bef6bd7cf294605296c7ed73ef371511c9041569b',
   1767225600000, 1767225600000);
-- demo@example.com subscribes to Pro, billed yearly (no billing provider: a seeded record).
INSERT OR IGNORE INTO subscriptions (id, owner_id, user_id, slot, name, interval, amount, currency, quantity, period_starts_at, period_ends_at, type, created_at, updated_at) VALUES
  ('demo-user-0000000000000000000001:default:current', 'demo-user-0000000000000000000001', 'demo-user-0000000000000000000001', 'current', 'pro', 'yearly', 27840, 'USD', 1,
   1793491200000, 1825027200000, 'default', 1793491200000, 1793491200000);
INSERT OR IGNORE INTO notifications (id, user_id, title, body, url, created_at) VALUES
  ('demo-notification-0000000000001', 'demo-user-0000000000000000000001', 'Welcome to Snip Pro',
   'Your Pro plan is active: custom aliases, analytics and bulk creation are ready.', '/app/settings/usage', 1793491200000);
INSERT OR IGNORE INTO announcements (id, title, body, url, created_at, published_at) VALUES
  ('announcement-two-factor-000000001', 'Two-factor authentication is here',
   'Protect your account with an authenticator app: Settings → Security.', '/app/settings/security', 1793491200000, 1793491200000);
UPDATE links SET user_id = 'demo-user-0000000000000000000001', workspace_id = 'demo-user-0000000000000000000001' WHERE id IN ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002') AND user_id IS NULL;

-- A demo organization (README "Demo logins"): staff@example.com owns "Snip Demo Org" with a
-- Marketing team (staff is its admin) and an Auditor role; organizations need the developer flag.
INSERT OR IGNORE INTO organizations (id, slug, name, owner_user_id, archived, features, created_at, updated_at) VALUES
  ('demo-org-0000000000000000000001', 'snip-demo-org', 'Snip Demo Org', 'staff-user-000000000000000000001', 0, '[]', 1793491200000, 1793491200000);
INSERT OR IGNORE INTO organization_roles (id, organization_id, name, permissions, created_at) VALUES
  ('demo-role-auditor-00000000000001', 'demo-org-0000000000000000000001', 'Auditor', '["audit"]', 1793491200000);
INSERT OR IGNORE INTO teams (id, organization_id, slug, name, owner_user_id, archived, features, options, created_at, updated_at) VALUES
  ('demo-team-marketing-000000000001', 'demo-org-0000000000000000000001', 'marketing', 'Marketing', 'staff-user-000000000000000000001', 0, '[]', '{}', 1793491200000, 1793491200000);
INSERT OR IGNORE INTO team_members (team_id, user_id, role, created_at) VALUES
  ('demo-team-marketing-000000000001', 'staff-user-000000000000000000001', 'admin', 1793491200000);
INSERT OR IGNORE INTO audit_log (organization_id, actor_user_id, action, target, details, created_at)
  SELECT 'demo-org-0000000000000000000001', 'staff-user-000000000000000000001', 'organization.created', 'snip-demo-org', '{"name":"Snip Demo Org"}', 1793491200000
  WHERE NOT EXISTS (SELECT 1 FROM audit_log WHERE organization_id = 'demo-org-0000000000000000000001');
