import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import {
  PROJECT_LIST_EMPTY_TITLES,
  PROJECT_LIST_FETCH_ERROR,
  PROJECT_LIST_ITEM_LABELS,
  ProjectList,
  type ProjectListItemData,
} from '../src/components/ProjectList';
import { VISIBILITY_DESCRIPTIONS } from '../src/components/VisibilityIcon';

const NOW = '2026-11-25T12:00:00Z';

const PROJECT: ProjectListItemData = {
  id: 1,
  name: 'forgekit',
  namespace: 'Forge / Platform',
  href: '/forge/platform/forgekit',
  avatarUrl: '/uploads/forgekit.png',
  visibility: 'internal',
  description: 'A <b>design</b> system.',
  role: 'Maintainer',
  starCount: 1234,
  forksCount: 5,
  updatedAt: '2026-11-25T09:00:00Z',
};

const GROUP: ProjectListItemData = {
  id: 2,
  name: 'Platform',
  href: '/groups/platform',
  visibility: 'private',
  subgroupCount: 3,
  projectCount: 12,
  memberCount: 4800,
};

describe('ProjectList', () => {
  it('lists projects: link with namespace, visibility, role, plain-text description, counts, update time', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <ProjectList ref={ref} label="Your projects" items={[PROJECT]} timeAgoOptions={{ now: NOW, timeZone: 'UTC' }} />,
    );
    expect(ref.current).toHaveAttribute('data-state', 'ready');
    const list = screen.getByRole('list', { name: 'Your projects' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveAttribute('data-kind', 'project');
    expect(within(item).getByRole('link', { name: 'Forge / Platform / forgekit' })).toHaveAttribute(
      'href',
      '/forge/platform/forgekit',
    );
    expect(within(item).getByRole('img', { name: VISIBILITY_DESCRIPTIONS.project.internal })).toBeInTheDocument();
    expect(item.querySelector('.fk-project-list-item__role')).toHaveTextContent('Maintainer');
    // Plain text: markup in a description is shown, never interpreted.
    const description = item.querySelector('[data-component="ProjectListItem.Description"]')!;
    expect(description.textContent).toBe('A <b>design</b> system.');
    expect(description.querySelector('b')).toBeNull();
    // Counts with their names, thousands separated by commas (spec section 9).
    const stars = within(item).getByRole('img', { name: PROJECT_LIST_ITEM_LABELS.stars }).parentElement!;
    expect(stars).toHaveTextContent('1,234');
    expect(within(item).getByRole('img', { name: PROJECT_LIST_ITEM_LABELS.forks }).parentElement).toHaveTextContent(
      '5',
    );
    expect(within(item).queryByRole('img', { name: PROJECT_LIST_ITEM_LABELS.members })).toBeNull();
    expect(item.querySelector('[data-component="ProjectListItem.Updated"]')).toHaveTextContent('Updated 3 hours ago');
    // The avatar is decorative: the link names the project.
    expect(item.querySelector('img.fk-avatar')).toHaveAttribute('alt', '');
  });

  it('lists groups with subgroup, project and member counts', () => {
    render(<ProjectList label="Groups" kind="group" items={[GROUP]} />);
    const item = screen.getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Platform' })).toHaveAttribute('href', '/groups/platform');
    expect(within(item).getByRole('img', { name: VISIBILITY_DESCRIPTIONS.group.private })).toBeInTheDocument();
    const count = (name: string) => within(item).getByRole('img', { name }).parentElement!.textContent;
    expect(count(PROJECT_LIST_ITEM_LABELS.subgroups)).toBe('3');
    expect(count(PROJECT_LIST_ITEM_LABELS.projects)).toBe('12');
    expect(count(PROJECT_LIST_ITEM_LABELS.members)).toBe('4,800');
    expect(within(item).queryByRole('img', { name: PROJECT_LIST_ITEM_LABELS.stars })).toBeNull();
    // Without an update time, a description or a role, none is shown.
    expect(item.querySelector('[data-component="ProjectListItem.Updated"]')).toBeNull();
    expect(item.querySelector('[data-component="ProjectListItem.Description"]')).toBeNull();
    expect(item.querySelector('.fk-project-list-item__role')).toBeNull();
  });

  it('shows skeleton lines while loading, and is busy', () => {
    render(<ProjectList label="Projects" items={[]} isLoading data-testid="list" />);
    expect(screen.getByTestId('list')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('list')).toHaveAttribute('data-state', 'loading');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows an empty state per kind, or the given content', () => {
    const { rerender } = render(<ProjectList label="Projects" items={[]} />);
    expect(screen.getByRole('heading', { name: 'There are no projects to show' })).toBeInTheDocument();
    rerender(<ProjectList label="Groups" kind="group" items={[]} />);
    expect(screen.getByRole('heading', { name: PROJECT_LIST_EMPTY_TITLES.group })).toBeInTheDocument();
    rerender(<ProjectList label="Groups" kind="group" items={[]} empty={<p>Nothing starred yet</p>} />);
    expect(screen.getByText('Nothing starred yet')).toBeInTheDocument();
  });

  it('shows the spec’s fetch error alert, or a given message', () => {
    const { rerender } = render(<ProjectList label="Projects" items={[PROJECT]} error />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong while fetching projects');
    expect(PROJECT_LIST_FETCH_ERROR).toBe('Something went wrong while fetching projects');
    expect(screen.queryByRole('list')).toBeNull();
    rerender(<ProjectList label="Projects" items={[PROJECT]} error="Request failed with status code 500" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Request failed with status code 500');
  });
});
