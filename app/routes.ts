import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // A pathless layout around everything, for its error boundary (app/routes/shell.tsx).
  layout("routes/shell.tsx", [
    index("routes/home.tsx"),

    // Dashboard and link management (L, analytics users)
    route("dashboard", "routes/dashboard/index.tsx"),
    route("dashboard/edit/:id", "routes/dashboard/edit.tsx"),
    // Redirect routes (issue 20, docs/decisions/037): the link's routing editor and the init call
    route("dashboard/edit/:id/routes", "routes/dashboard/routes.tsx"),
    route("app/api/routes/init", "routes/api/routes.init.ts"),

    // Guest links
    route("app/my-urls", "routes/my-urls/index.tsx"),
    route("app/my-urls/clear-history", "routes/my-urls/clear-history.tsx"),

    // Link analytics (spec 01 §2 General): /download is the old redirect (app/redirects.ts), matched before the hash
    route("app/analytics/download", "routes/redirects.ts", { id: "analytics-download" }),
    route("app/analytics/:hash", "routes/analytics.tsx"),
    // Plan options (issue 20): the click log of a link as CSV (download_logs)
    route("app/analytics/:hash/clicks.csv", "routes/analytics/clicks.csv.ts"),

    // Link creation for signed-in users (spec 02 §2, §3, §5)
    route("app/links/create", "routes/links/create.tsx"),
    route("app/links/utm", "routes/links/utm.tsx"),
    // Bulk creation (spec 02 §2 Bulk form, §7 bulk/csv) and an import's result file
    route("app/links/bulk", "routes/links/bulk.tsx"),
    route("app/links/bulk/:id/result.csv", "routes/links/bulk.result.ts"),
    route("app/links/:id/qr.svg", "routes/links/qr.ts", { id: "links-qr-svg" }),
    route("app/links/:id/qr.png", "routes/links/qr.ts", { id: "links-qr-png" }),

    // Feature pages
    route("app/features/link-management", "routes/features/link-management.tsx"),
    route("app/features/custom-links", "routes/features/custom-links.tsx"),
    route("app/features/branded-domains", "routes/features/branded-domains.tsx"),
    route("app/features/link-analytics", "routes/features/link-analytics.tsx"),
    route("app/features/free-domains", "routes/features/free-domains.tsx"),
    route("app/features/how-snip-works", "routes/features/how-snip-works.tsx"),
    route("app/features/about-us", "routes/features/about-us.tsx"),

    // Legal and company
    route("app/terms", "routes/legal/terms.tsx"),
    route("app/cookies-policy", "routes/legal/cookies-policy.tsx"),
    route("app/privacy-policy", "routes/legal/privacy-policy.tsx"),
    route("app/data-processing-agreement", "routes/legal/data-processing-agreement.tsx"),
    route("app/enterprise-terms", "routes/legal/enterprise-terms.tsx"),
    route("app/service-level-agreement", "routes/legal/service-level-agreement.tsx"),
    route("app/supplemental-terms", "routes/legal/supplemental-terms.tsx"),
    route("app/careers/fullstack-developer", "routes/careers.fullstack-developer.tsx"),
    // The REST API's reference (spec 01 §2 Legal and other): the document at /openapi/v2.json
    route("app/dev", "routes/dev/api-reference.tsx"),
    route("app/deleted", "routes/deleted.tsx"),
    route("app/affiliate-link", "routes/affiliate-link.tsx"),
    route("app/unsubscribe", "routes/unsubscribe.tsx"),

    // Accounts (spec 01 §2 Authentication)
    route("app/register", "routes/auth/register.tsx"),
    route("app/login", "routes/auth/login.tsx"),
    route("app/login/2FA/verify", "routes/auth/login.2fa.verify.tsx"),
    route("app/login/2FA/backup_code", "routes/auth/login.2fa.backup-code.tsx"),
    route("app/password/reset", "routes/auth/password.reset.tsx"),
    route("app/password/reset/:token", "routes/auth/password.reset.token.tsx"),
    route("app/email/verify/:userId?/:hash?", "routes/auth/email.verify.tsx"),
    route("app/logout", "routes/auth/logout.ts"),
    // Single sign-on (issue 17, docs/decisions/034): start from a work email; the provider's callback
    route("app/login/sso", "routes/auth/login.sso.tsx"),
    route("app/login/sso/callback", "routes/auth/login.sso.callback.ts"),
    route("__dev/mailbox", "routes/dev/mailbox.tsx"),
    route("__dev/fixtures", "routes/dev/fixtures.ts"),

    // Signed-in shell (spec 01 §2 General, §4 Notifications)
    route("app/notifications", "routes/notifications.tsx"),
    route("app/api/stop-impersonating", "routes/api/stop-impersonating.ts"),

    // JSON calls of the shell (spec 01 §7); any other /app/api path is a JSON 404
    route("app/api/state", "routes/api/state.ts"),
    route("app/api/heartbeat", "routes/api/heartbeat.ts"),
    route("app/api/logout", "routes/api/logout.ts"),
    route("app/api/notifications/recent", "routes/api/notifications.recent.ts"),
    route("app/api/notifications/read", "routes/api/notifications.read.ts"),
    route("app/api/user/last-read-announcements-at", "routes/api/user.last-read-announcements-at.ts"),
    route("app/api/user/confirm-password", "routes/api/user.confirm-password.ts"),
    route("app/api/coupon/:code", "routes/api/coupon.ts"),
    route("app/api/bulk/csv", "routes/api/bulk.csv.ts"),
    // The subscription calls of spec 01 §7 (user context).
    route("app/api/subscriptions", "routes/api/subscriptions.ts"),
    route("app/api/settings/payment-method", "routes/api/settings.payment-method.ts"),
    // Branded domains (issue 18): the lists of spec 01 §7
    route("app/api/settings/branded-domains", "routes/api/settings.branded-domains.ts", { id: "api-branded-domains" }),
    route("app/api/settings/vanity-subdomains", "routes/api/settings.branded-domains.ts", { id: "api-vanity-subdomains" }),
    route("app/api/settings/subscription/:op?", "routes/api/settings.subscription.ts"),
    // The call contract (issue 20): spec 02 §7's create, password-confirmation and preset calls at the spec's paths.
    route("app/api/url/create", "routes/api/url.create.ts"),
    route("app/api/password/confirm", "routes/api/user.confirm-password.ts", { id: "password-confirm" }),
    route("app/api/preset/create", "routes/api/preset.create.ts"),

    // Kiosk (L and developer)
    route("app/kiosk", "routes/kiosk/layout.tsx", [
      index("routes/kiosk/users.tsx", { id: "kiosk-index" }),
      route("users", "routes/kiosk/users.tsx", { id: "kiosk-users" }),
      route("user/:userId", "routes/kiosk/user.tsx"),
      // Kiosk content (issue 19, decision 032): announcements, password dictionary, blocked addresses, surveys
      route("announcements", "routes/kiosk/announcements.tsx"),
      route("password_dictionary", "routes/kiosk/password-dictionary.tsx"),
      route("ips", "routes/kiosk/ips.tsx"),
      route("surveys", "routes/kiosk/surveys.tsx"),
      route("surveys/:survey", "routes/kiosk/survey.tsx"),
      // Kiosk helpdesk (issue 16): staff answer the organizations' support requests
      route("helpdesk", "routes/kiosk/helpdesk.tsx"),
      // Kiosk trust and safety (issue 19, decision 036): banned domains, aliases, long URLs, reputation, access invitations
      route("banned_domains", "routes/kiosk/banned-domains.tsx"),
      route("aliases", "routes/kiosk/aliases.tsx"),
      route("alias/:domain/:alias", "routes/kiosk/alias.tsx"),
      route("long-urls", "routes/kiosk/long-urls.tsx"),
      route("access-invitations", "routes/kiosk/access-invitations.tsx"),
      // Kiosk stats, domains and Cloudflare (issue 19, decision 045)
      route("stats/system/:domain?", "routes/kiosk/stats-system.tsx"),
      route("stats/snip", "routes/kiosk/stats-snip.tsx"),
      route("domains", "routes/kiosk/domains.tsx"),
      route("domain/:domain", "routes/kiosk/domain.tsx"),
      route("cloudflare/zones", "routes/kiosk/cloudflare-zones.tsx"),
    ]),

    // Pricing and billing
    route("app/pricing", "routes/billing/pricing.tsx"),
    route("app/pricing/old", "routes/billing/pricing.tsx", { id: "pricing-old" }),
    route("app/pricing/quote", "routes/billing/pricing.quote.tsx"),
    route("app/black-friday-2024", "routes/billing/promotion.tsx", { id: "black-friday-2024" }),
    route("app/cyber-monday-2024", "routes/billing/promotion.tsx", { id: "cyber-monday-2024" }),
    route("app/api/promo/close", "routes/api/promo.close.ts"),
    route("app/api/trial-reminder/close", "routes/api/trial-reminder.close.ts"),
    route("app/billing/test-checkout/:session", "routes/billing/test-checkout.tsx"),
    route("app/get-started", "routes/billing/get-started.tsx"),
    route("app/subscribe", "routes/billing/subscribe.tsx"),
    route("paddle/payment", "routes/billing/paddle.payment.tsx"),
    // Tax ids (issue 20, docs/decisions/046): the tax-id form without login
    route("user/vatinfo/:encrypted", "routes/billing/vatinfo.tsx"),

    // Billing providers' webhooks (signature-checked, exempt from the Origin rule: app/security.server.ts)
    route("app/webhooks/stripe", "routes/webhooks/stripe.ts"),
    route("paddle/webhook", "routes/webhooks/paddle.ts"),

    // Settings (spec 01 §2): all L, default child profile
    route("app/settings", "routes/settings/layout.tsx", [
      index("routes/settings/index.ts"),
      route("profile", "routes/settings/profile.tsx"),
      route("profile/delete", "routes/settings/profile.delete.tsx"),
      route("security", "routes/settings/security.tsx"),
      route("usage", "routes/settings/usage.tsx"),
      route("webhooks", "routes/settings/webhooks.tsx"),
      route("subscription", "routes/settings/subscription.tsx"),
      route("subscription/success", "routes/settings/subscription.success.tsx"),
      route("subscription/cancel", "routes/settings/subscription.cancel.tsx"),
      route("subscription/cancel/now", "routes/settings/subscription.cancel.tsx", { id: "subscription-cancel-now" }),
      route("subscription/update/verification", "routes/settings/subscription.update.verification.tsx"),
      route("subscription/update/:subscription/:interval", "routes/settings/subscription.update.tsx"),
      route("payment-method", "routes/settings/payment-method.tsx"),
      route("invoices", "routes/settings/invoices.tsx"),
      route("api", "routes/settings/api.tsx"),
      route("api/new", "routes/settings/api.new.tsx"),
      route("api/edit/:tokenId", "routes/settings/api.edit.tsx"),
      // Teams (issue 16, docs/decisions/029): L and T
      route("teams", "routes/settings/teams.tsx"),
      // Branded domains (issue 18, docs/decisions/035)
      route("branded-domains", "routes/settings/branded-domains/index.tsx"),
      route("branded-domains/create", "routes/settings/branded-domains/create.tsx"),
      route("branded-domains/create-subdomain", "routes/settings/branded-domains/create-subdomain.tsx"),
      route("branded-domains/create-tiny", "routes/settings/branded-domains/create-tiny.tsx"),
      route("branded-domains/verify", "routes/settings/branded-domains/verify.tsx"),
      route("branded-domains/edit/:domain", "routes/settings/branded-domains/edit.tsx"),
      // Orders (issue 18, docs/decisions/043)
      route("orders", "routes/settings/orders.tsx"),
      route("order/:orderId", "routes/settings/order.tsx", { id: "settings-order" }),
      route("order/:orderId/notification", "routes/settings/order.tsx", { id: "settings-order-notification" }),
      // Pixel scripts (issue 20, docs/decisions/047): L and V
      route("pixel-scripts", "routes/settings/pixel-scripts.tsx"),
    ]),
    route("app/user-photo/:userId", "routes/user-photo.ts"),

    // Organization admin (issue 16, docs/decisions/028): the user's organizations, onboarding,
    // the organization's settings, helpdesk, audit trail and restore; L and developer, every one
    // guarded by app/lib/organizations/access.server.ts.
    route("app/organizations", "routes/organizations/index.tsx"),
    route("app/organizations/onboarding", "routes/organizations/onboarding.tsx"),
    route("app/organizations/:org/helpdesk", "routes/organizations/helpdesk.tsx"),
    route("app/organizations/:org/audit", "routes/organizations/audit.tsx"),
    route("app/organizations/:org/audit.csv", "routes/organizations/audit.csv.ts"),
    route("app/organizations/:org/restore", "routes/organizations/restore.tsx"),
    route("app/organization-photo/:org", "routes/organizations/photo.ts"),
    route("app/organizations/:org/settings", "routes/organizations/settings/layout.tsx", [
      index("routes/organizations/settings/index.ts"),
      route("profile", "routes/organizations/settings/profile.tsx"),
      route("profile/users", "routes/organizations/settings/users.tsx"),
      route("profile/roles", "routes/organizations/settings/roles.tsx"),
      route("profile/sso", "routes/organizations/settings/sso.tsx", { id: "org-settings-sso" }),
      // Organization domains (issue 18, docs/decisions/044)
      route("profile/domains", "routes/organizations/settings/domains.tsx", { id: "org-settings-domains" }),
      // Organization subdomains, vanity subdomains and redirects (issue 18, docs/decisions/044)
      route("profile/domains/create-subdomain", "routes/organizations/settings/domains.create-subdomain.tsx"),
      route("profile/domains/create-tiny", "routes/organizations/settings/domains.create-tiny.tsx"),
      route("profile/domains/edit/:domain", "routes/organizations/settings/domains.edit.tsx"),
      // A bought domain moves to the organization (issue 18, docs/decisions/053)
      route("profile/domains/move/:domain", "routes/organizations/settings/domains.move.tsx"),
    ]),

    // Teams (issue 16, docs/decisions/029): an organization's team settings (L and developer), and
    // the team area /app/organization/{org}/team/{team} (L, T and the team-switch check). The team
    // API token pages (api, api/new, api/edit/:tokenId) nest as children of the team area layout.
    route("app/organizations/:org/settings/teams", "routes/organizations/settings/teams.tsx"),
    route("app/organizations/:org/settings/teams/members", "routes/organizations/settings/teams.members.tsx"),
    route("app/organizations/:org/settings/teams/domains", "routes/organizations/settings/teams.domains.tsx"),
    route("app/organization/:org/team", "routes/team/required.ts"),
    route("app/organization/:org/team/:team/login", "routes/team/login.tsx"),
    route("app/organization/:org/team/:team", "routes/team/layout.tsx", [
      index("routes/team/index.ts"),
      route("profile", "routes/team/profile.tsx"),
      route("membership", "routes/team/membership.tsx"),
      route("sso", "routes/team/sso.tsx"),
      route("usage", "routes/team/usage.tsx"),
      // Team pixel scripts (issue 20, docs/decisions/047)
      route("pixel-scripts", "routes/team/pixel-scripts.tsx"),
    ]),
    // Team and organization subscriptions (issue 17, docs/decisions/033): beside the team area and the
    // organization settings, like the team API tokens, so the owner and the "subscriptions"
    // permission reach them without being team members; one module, guarded by team.subscription /
    // organization.subscription.
    ...[
      ["subscription", "subscription"],
      ["subscription/success", "subscription-success"],
      ["subscription/cancel", "subscription-cancel"],
      ["subscription/update/:subscription/:interval", "subscription-update"],
      ["payment-method", "payment-method"],
      ["invoices", "invoices"],
    ].map(([path, id]) =>
      route(`app/organization/:org/team/:team/${path}`, "routes/billing/workspace-subscription.tsx", { id: `team-${id}` }),
    ),
    ...[
      ["subscription", "subscription"],
      ["subscription/success", "subscription-success"],
      ["subscription/cancel", "subscription-cancel"],
      ["subscription/update/:subscription/:interval", "subscription-update"],
      ["payment", "payment"],
    ].map(([path, id]) =>
      route(`app/organizations/:org/settings/profile/${path}`, "routes/billing/workspace-subscription.tsx", { id: `org-settings-${id}` }),
    ),
    // Spec 01 §2 also names {org}/settings/subscription/success, subscription/cancel and
    // subscription/update/{subscription}/{interval}: the same guard, then the page above (query kept).
    ...[
      ["subscription/success", "success"],
      ["subscription/cancel", "cancel"],
      ["subscription/update/:subscription/:interval", "update"],
    ].map(([path, id]) =>
      route(`app/organizations/:org/settings/${path}`, "routes/organizations/settings/subscription-alias.ts", {
        id: `org-settings-subscription-alias-${id}`,
      }),
    ),
    // The team's API tokens (docs/decisions/027): beside the team area rather than inside it, so an
    // owner or a user with the teams permission who is not a member manages them too (the team
    // area itself is for the team's members: its switch check refuses anyone else).
    route("app/organization/:org/team/:team/api", "routes/team/api.tsx", { id: "team-api" }),
    route("app/organization/:org/team/:team/api/new", "routes/team/api.tsx", { id: "team-api-new" }),
    route("app/organization/:org/team/:team/api/edit/:tokenId", "routes/team/api.tsx", { id: "team-api-edit" }),

    // Domain purchase, the shopping cart and orders (issue 18, docs/decisions/043): L; the purchase
    // pages need purchase_branded_domains (app/routes/purchase/guard.server.ts).
    route("app/purchase", "routes/purchase/index.ts", { id: "purchase-index" }),
    route("app/purchase-domains", "routes/purchase/index.ts", { id: "purchase-domains" }),
    route("app/purchase/domain", "routes/purchase/domain.tsx"),
    route("app/purchase/domain/cart", "routes/purchase/shopping-cart.tsx", { id: "purchase-domain-cart" }),
    route("app/shopping-cart", "routes/purchase/shopping-cart.tsx", { id: "shopping-cart" }),
    route("app/shopping-cart/pay/:orderId", "routes/purchase/pay.tsx"),
    route("app/shopping-cart/success", "routes/purchase/success.tsx"),
    route("app/domain-upsell", "routes/purchase/domain-upsell.tsx"),
    route("app/domain-purchase-verification", "routes/purchase/domain-purchase-verification.tsx"),
    route("app/api/shopping-cart", "routes/api/shopping-cart.ts", { id: "api-shopping-cart" }),
    route("app/api/shopping-cart/orders", "routes/api/shopping-cart.ts", { id: "api-shopping-cart-orders" }),

    // The onboarding survey (issue 19, spec 01 §2 shell, decision 032): the plain page behind the banner
    route("app/survey/onboarding", "routes/survey/onboarding.tsx"),
    // Organization link pages (docs/decisions/027): the organization dashboard, the user's
    // own links in it, a team's links; guarded in app/routes/organizations/links.tsx.
    route("app/organizations/:org/dashboard", "routes/organizations/links.tsx", { id: "org-dashboard" }),
    route("app/organizations/:org/me", "routes/organizations/links.tsx", { id: "org-me" }),
    route("app/organizations/:org/team/:team", "routes/organizations/links.tsx", { id: "org-team" }),
    // A team link's analytics and click log, and a user's own link's in the organization (docs/decisions/062):
    // the personal pages' modules, guarded by team.open and organization.personal
    route("app/organizations/:org/team/:team/analytics/:hash", "routes/analytics.tsx", { id: "team-analytics" }),
    route("app/organizations/:org/team/:team/analytics/:hash/clicks.csv", "routes/analytics/clicks.csv.ts", {
      id: "team-analytics-clicks",
    }),
    route("app/organizations/:org/me/analytics/:hash", "routes/analytics.tsx", { id: "member-analytics" }),
    route("app/organizations/:org/me/analytics/:hash/clicks.csv", "routes/analytics/clicks.csv.ts", { id: "member-analytics-clicks" }),
    // Team API tokens (docs/decisions/027): the organization's list of its teams' tokens
    route("app/organizations/:org/settings/teams/api", "routes/organizations/settings/teams.api.tsx"),
    // Invitations (issue 16; docs/decisions/030): sending pages, the emailed link, a local-only fixture
    route("app/organizations/:org/settings/profile/users/invite", "routes/organizations/settings/users.invite.tsx"),
    route("app/organizations/:org/settings/teams/members/invite", "routes/organizations/settings/members.invite.tsx"),
    route("app/invitations/:token", "routes/organizations/invitation-link.tsx"),
    route("__dev/invitations", "routes/dev/invitations.ts"),

    // Consent endpoints (plain form posts)
    route("app/api/cookies/accept", "routes/api/cookies.accept.ts"),
    route("app/api/privacy/do-not-sell", "routes/api/privacy.do-not-sell.ts"),
    // Ads (docs/decisions/041): the privacy manager's strict-private choice; the local stand-in of the provider's script.
    route("app/api/privacy/strict-private", "routes/api/privacy.strict-private.ts"),
    route("__dev/ads.js", "routes/dev/ads.ts"),

    // External redirects, old aliases, and the unknown-path rule
    route("app/help", "routes/external.ts", { id: "external-help" }),
    route("app/helpdesk", "routes/external.ts", { id: "external-helpdesk" }),
    route("app/freescout", "routes/external.ts", { id: "external-freescout" }),
    route("app/blog", "routes/external.ts", { id: "external-blog" }),
    // Organizations and teams (issue 16; spec 01 §2 Organizations, §7 Organizations): pages under
    // app/routes/organizations, JSON calls under app/routes/organizations/api; every one guarded by
    // app/lib/organizations/access.server.ts.
    route("app/api/organization/:org", "routes/organizations/api/organization.ts"),

    // TinyURL's legacy create call, for its client libraries (issue 20, decision 031)
    route("api-create.php", "routes/legacy/api-create.ts"),
    // Organization admin JSON calls (issue 16, docs/decisions/028; spec 01 §7 Organizations)
    route("app/api/organization/:org/archive", "routes/organizations/api/archive.ts"),
    route("app/api/organization/:org/domains", "routes/organizations/api/domains.ts"),
    route("app/api/organization/:org/roles", "routes/organizations/api/roles.ts"),
    route("app/api/organization/:org/users", "routes/organizations/api/users.ts"),
    // Team switching (issue 16, docs/decisions/029): GET {teamPrefix}/{teamId}/switch, teamPrefix "team"
    route("app/api/team/:teamId/switch", "routes/team/switch.ts"),

    // The onboarding survey's questions (spec 01 §7 GET survey/onboarding; issue 19, decision 032)
    route("app/api/survey/onboarding", "routes/survey/api.onboarding.ts"),

    // Organization links (docs/decisions/027): create, bulk, the paged URL lists and the
    // alias lookup for team and personal workspaces; guarded in app/lib/organization-links.server.ts.
    route("app/api/organization/:org/team/:team/url/create", "routes/organizations/api/url-create.ts", { id: "org-team-url-create" }),
    route("app/api/organization/:org/personal/url/create", "routes/organizations/api/url-create.ts", { id: "org-personal-url-create" }),
    route("app/api/organization/:org/team/:team/bulk/csv", "routes/organizations/api/bulk-csv.ts", { id: "org-team-bulk-csv" }),
    route("app/api/organization/:org/personal/bulk/csv", "routes/organizations/api/bulk-csv.ts", { id: "org-personal-bulk-csv" }),
    route("app/api/organization/:org/urls/:state?", "routes/organizations/api/urls.ts", { id: "org-urls" }),
    route("app/api/organization/:org/team/:team/urls/:state?", "routes/organizations/api/urls.ts", { id: "org-team-urls" }),
    route("app/api/organization/:org/personal/urls/:state?", "routes/organizations/api/urls.ts", { id: "org-personal-urls" }),
    // Team and organization subscriptions (issue 17, docs/decisions/033): the calls of spec 01 §7
    route("app/api/organization/:org/subscriptions", "routes/organizations/api/subscription.ts", { id: "org-subscriptions" }),
    route("app/api/organization/:org/team/:team/subscriptions", "routes/organizations/api/subscription.ts", {
      id: "org-team-subscriptions",
    }),
    route("app/api/organization/:org/subscription/:op?", "routes/organizations/api/subscription.ts", { id: "org-subscription" }),
    route("app/api/organization/:org/team/:team/subscription/:op?", "routes/organizations/api/subscription.ts", {
      id: "org-team-subscription",
    }),
    route("app/api/organization/:org/team/:team/alias/:alias", "routes/organizations/api/alias.ts", { id: "org-team-alias" }),
    route("app/api/organization/:org/personal/alias/:alias", "routes/organizations/api/alias.ts", { id: "org-personal-alias" }),
    // Invitations (issue 16; docs/decisions/030): the user's own, answering, and an organization's or team's
    route("app/api/invitations/:source", "routes/api/invitations.ts"),
    route("app/api/organization/:org/users/invite/:invitation/:answer", "routes/organizations/api/invitations.answer.ts", {
      id: "invitation-answer-organization",
    }),
    route("app/api/organization/:org/team/:team/invite/:invitation/:answer", "routes/organizations/api/invitations.answer.ts", {
      id: "invitation-answer-team",
    }),
    route("app/api/organization/:org/users/invitations", "routes/organizations/api/invitations.organization.ts", {
      id: "invitations-organization",
    }),
    route("app/api/organization/:org/users/invitations/:invitation", "routes/organizations/api/invitations.organization.ts", {
      id: "invitation-organization",
    }),
    // The team and its members (spec 01 §7 GET organization/{o}/team/{t}, .../members)
    route("app/api/organization/:org/team/:team", "routes/organizations/api/team.ts", { id: "org-team-api" }),
    route("app/api/organization/:org/team/:team/members", "routes/organizations/api/team.ts", { id: "org-team-members-api" }),
    route("app/api/organization/:org/team/:team/invitations", "routes/organizations/api/invitations.team.ts", { id: "invitations-team" }),
    route("app/api/organization/:org/team/:team/invitations/:invitation", "routes/organizations/api/invitations.team.ts", {
      id: "invitation-team",
    }),

    route("app/api/*", "routes/api/not-found.ts"),
    route("app/*", "routes/redirects.ts", { id: "app-redirects" }),
    route("*", "routes/redirects.ts", { id: "site-redirects" }),
  ]),
] satisfies RouteConfig;
