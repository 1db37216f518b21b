// PageHeader and VisibilityIcon render on the server and hydrate without a warning.
import { describe, expect, it } from 'vitest';
import { Avatar } from '../src/components/Avatar';
import { Badge } from '../src/components/Badge';
import { Button } from '../src/components/Button';
import { PageHeader } from '../src/components/PageHeader';
import { VISIBILITY_DESCRIPTIONS } from '../src/components/VisibilityIcon';
import { renderAndHydrate } from './support/hydration';

describe('PageHeader server render', () => {
  it('renders the h1, visibility, badges and actions, and hydrates cleanly', async () => {
    const html = await renderAndHydrate(
      <PageHeader
        title="forgekit"
        avatar={<Avatar entityId={7} entityName="forgekit" size={48} />}
        description="A design system."
        visibility="internal"
        visibilityEntity="group"
        badges={<Badge>Owner</Badge>}
        actions={<Button>Star</Button>}
      />,
      (container) => {
        expect(container.querySelector('h1')?.textContent).toBe('forgekit');
      },
    );
    expect(html).toMatch(/<h1 class="fk-page-header__title"[^>]*>forgekit<\/h1>/);
    expect(html).toContain(`aria-label="${VISIBILITY_DESCRIPTIONS.group.internal}"`);
    expect(html).toContain('>Owner<');
    expect(html).toContain('>Star</button>');
  });
});
