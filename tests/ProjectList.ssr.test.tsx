// ProjectList renders on the server and hydrates without a warning (update times included).
import { describe, expect, it } from 'vitest';
import { ProjectList } from '../src/components/ProjectList';
import { renderAndHydrate } from './support/hydration';

describe('ProjectList server render', () => {
  it('renders projects and groups and hydrates cleanly', async () => {
    const html = await renderAndHydrate(
      <ProjectList
        label="Explore projects"
        items={[
          {
            id: 1,
            name: 'forgekit',
            namespace: 'Forge',
            href: '/forge/forgekit',
            visibility: 'public',
            description: 'A design system.',
            starCount: 2,
            forksCount: 1,
            updatedAt: '2026-11-25T09:00:00Z',
          },
        ]}
      />,
      (container) => expect(container.querySelector('a')?.getAttribute('href')).toBe('/forge/forgekit'),
    );
    expect(html).toContain('aria-label="Explore projects"');
    expect(html).toContain('A design system.');
    // Before mount the update time is the date (the server cannot know the user's clock).
    expect(html).toMatch(/>Updated<!-- --> <time[^>]*>Nov 25, 2026<\/time>/);

    const groups = await renderAndHydrate(
      <ProjectList
        label="Groups"
        kind="group"
        items={[{ id: 2, name: 'Platform', href: '/platform', memberCount: 3 }]}
      />,
    );
    expect(groups).toContain('data-kind="group"');
  });
});
