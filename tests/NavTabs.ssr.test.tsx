// NavTabs renders on the server and hydrates without a warning.
import { describe, expect, it } from 'vitest';
import { NavTabs } from '../src/components/NavTabs';
import { renderAndHydrate } from './support/hydration';

describe('NavTabs server render', () => {
  it('renders the links and the current page, and hydrates cleanly', async () => {
    const html = await renderAndHydrate(
      <NavTabs
        label="Profile tabs"
        currentId="followers"
        items={[
          { id: 'overview', label: 'Overview', href: '/ada' },
          { id: 'followers', label: 'Followers', href: '/users/ada/followers', count: 2 },
        ]}
      />,
      (container) =>
        expect(container.querySelector('[aria-current="page"]')?.getAttribute('href')).toBe('/users/ada/followers'),
    );
    expect(html).toContain('aria-label="Profile tabs"');
    expect(html).toMatch(/href="\/users\/ada\/followers" aria-current="page"/);
  });
});
