/**
 * "Move to organization {name}" (docs/decisions/053): one plain post per organization the viewer may
 * move the bought domain into, to that organization's move route (which checks everything again).
 */
import { Form } from "react-router";
import { MOVE_TEXTS } from "../../domain/domain-moves";
import { organizationDomainsPath } from "./organizations/settings-layout";
import { SettingsCard, settingsSecondaryButton } from "./settings";

export function MoveDomainCard({
  hostname,
  organizations,
}: {
  hostname: string;
  organizations: readonly { slug: string; name: string }[];
}) {
  if (organizations.length === 0) return null;
  return (
    <SettingsCard title={MOVE_TEXTS.cardTitle} description={MOVE_TEXTS.cardDescription}>
      <div className="flex flex-wrap gap-3" data-testid="move-domain" data-domain={hostname}>
        {organizations.map((o) => (
          <Form key={o.slug} method="post" action={organizationDomainsPath(o.slug, `move/${encodeURIComponent(hostname)}`)}>
            <button type="submit" className={settingsSecondaryButton}>
              {MOVE_TEXTS.button(o.name)}
            </button>
          </Form>
        ))}
      </div>
    </SettingsCard>
  );
}
