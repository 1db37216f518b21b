// WorkItemHeader renders on the server (title, state, confidential notice, created line) and hydrates without a warning.
import { describe, expect, it } from 'vitest';
import { WorkItemHeader } from '../src/components/WorkItemHeader';
import { confidentialityMessage } from '../src/utils/workItems';
import { renderAndHydrate } from './support/hydration';

describe('WorkItemHeader server render', () => {
  it('renders the h1, badges, type and created line, and hydrates cleanly', async () => {
    const html = await renderAndHydrate(
      <WorkItemHeader
        type="Issue"
        title="Crash on save"
        reference="#42"
        state="OPEN"
        isConfidential
        author={{ name: 'Ada', webUrl: '/ada' }}
        createdAt="2026-11-20T10:00:00Z"
        now="2026-11-25T10:00:00Z"
        parent={{ title: 'Epic work', reference: '&3', webUrl: '/e/3', type: 'Epic' }}
        canUpdate
        onTitleChange={() => Promise.resolve()}
        onStateChange={() => Promise.resolve()}
      />,
      (container) => {
        expect(container.querySelector('h1')?.textContent).toBe('Crash on save');
      },
    );
    expect(html).toMatch(/<h1 [^>]*>Crash on save<\/h1>/);
    expect(html).toContain(confidentialityMessage({ namespace: 'project', issuableType: 'issue' }));
    expect(html).toContain('>Close issue</button>');
    expect(html).toContain('5 days ago');
  });
});
