/** The feature pages, in menu order. */
export const FEATURE_PAGES = [
  { to: "/app/features/link-management", label: "Link Management" },
  { to: "/app/features/custom-links", label: "Custom Links" },
  { to: "/app/features/branded-domains", label: "Branded Domains" },
  { to: "/app/features/link-analytics", label: "Link Analytics" },
  { to: "/app/features/free-domains", label: "Free Domains" },
  { to: "/app/features/how-snip-works", label: "How Snip Works" },
  { to: "/app/features/about-us", label: "About Us" },
] as const;
