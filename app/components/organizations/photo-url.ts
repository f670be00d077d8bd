/** Where an organization's photo is served (/app/organization-photo/{slug}); null without one. */
export function organizationPhotoUrl(organization: { slug: string; photo: string | null }): string | null {
  if (!organization.photo) return null;
  // The key changes with every upload, so the URL does too and no cache serves the old photo.
  const version = organization.photo.split("/").pop()?.split(".")[0] ?? "";
  return `/app/organization-photo/${encodeURIComponent(organization.slug)}?v=${version}`;
}
