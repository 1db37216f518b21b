// EmptyState renders on the server and hydrates without a warning.
import { describe, expect, it } from 'vitest';
import { EmptyState } from '../src/components/EmptyState';
import { Icon } from '../src/components/Icon';
import { renderAndHydrate } from './support/hydration';

describe('EmptyState server render', () => {
  it('renders its heading, description and actions, and hydrates cleanly', async () => {
    const html = await renderAndHydrate(
      <EmptyState
        title="No projects"
        description="Create one."
        illustration={<Icon name="project" size={72} />}
        primaryAction={{ text: 'New project', href: '/projects/new' }}
        secondaryAction={{ text: 'Import project' }}
      />,
      (container) => expect(container.querySelector('h2')?.textContent).toBe('No projects'),
    );
    expect(html).toMatch(/<h2 class="fk-empty-state__title"[^>]*>No projects<\/h2>/);
    expect(html).toContain('href="/projects/new"');
    expect(html).toContain('>Import project</button>');
  });
});
