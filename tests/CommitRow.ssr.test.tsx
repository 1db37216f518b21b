// CommitList renders on the server (days in UTC unless told) and hydrates without a warning,
// whatever the server's own time zone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommitList } from '../src/components/CommitRow';
import { renderAndHydrate } from './support/hydration';

describe('CommitList server render', () => {
  const originalTz = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'Asia/Tokyo';
  });
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('renders days, rows and short SHAs, and hydrates cleanly', async () => {
    const html = await renderAndHydrate(
      <CommitList
        commits={[
          {
            id: '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b',
            title: 'Late commit',
            href: '/forge/forgekit/-/commit/1a2b3c4d',
            authorName: 'Ada Lovelace',
            authoredDate: '2026-11-25T23:30:00Z',
            pipelineStatus: 'running',
          },
        ]}
      />,
      (container) => expect(container.querySelector('h2')?.textContent).toBe('Nov 25, 2026'),
    );
    expect(html).toContain('<time dateTime="2026-11-25">Nov 25, 2026</time>');
    expect(html).toContain('>1a2b3c4d</code>');
    expect(html).toContain('aria-label="Pipeline: running"');
  });
});
