-- Demo data for local runs (npm start / npm run dev). Idempotent; never applied in production.
INSERT OR IGNORE INTO links (id, domain, alias, url, status, description, created_at, updated_at) VALUES
  ('00000000-0000-4000-8000-000000000001', 'localhost:8787', 'snip-demo', 'https://example.com/?ref=snip-demo', 'active', 'Demo link', 1767225600000, 1767225600000),
  ('00000000-0000-4000-8000-000000000002', 'localhost:8787', 'snip-docs', 'https://developers.cloudflare.com/workers/', 'active', 'Workers documentation', 1767225600000, 1767225600000),
  ('00000000-0000-4000-8000-000000000003', 'localhost:8787', 'snip-expired', 'https://example.com/expired', 'active', 'An expired demo link', 1767225600000, 1767225600000),
  ('00000000-0000-4000-8000-000000000004', 'localhost:8787', 'snip-archived', 'https://example.com/archived', 'archived', 'An archived demo link', 1767225600000, 1767225600000);
UPDATE links SET expires_at = 1767225600000 WHERE id = '00000000-0000-4000-8000-000000000003';
