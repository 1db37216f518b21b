import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  VISIBILITY_DESCRIPTIONS,
  VISIBILITY_ICONS,
  VISIBILITY_LEVELS,
  VisibilityIcon,
} from '../src/components/VisibilityIcon';

describe('VisibilityIcon', () => {
  it.each(VISIBILITY_LEVELS)('%s uses GitLab’s icon and explanation', (level) => {
    render(<VisibilityIcon level={level} />);
    const icon = screen.getByRole('img', { name: VISIBILITY_DESCRIPTIONS.project[level] });
    expect(icon).toHaveAttribute('data-name', VISIBILITY_ICONS[level]);
  });

  it('uses GitLab’s texts and icons', () => {
    expect(VISIBILITY_ICONS).toEqual({ public: 'earth', internal: 'shield', private: 'lock' });
    expect(VISIBILITY_DESCRIPTIONS.project.public).toBe(
      'Public - The project can be accessed without any authentication.',
    );
    expect(VISIBILITY_DESCRIPTIONS.group.private).toBe(
      'Private - The group and its projects can only be viewed by members.',
    );
  });

  it('shows its explanation as a tooltip on the first hover, once the tooltip code has arrived', async () => {
    vi.resetModules(); // a fresh module graph: the tooltip's code not loaded yet
    const Fresh = (await import('../src/components/VisibilityIcon')).VisibilityIcon;
    render(<Fresh level="private" entity="group" />);
    await userEvent.hover(screen.getByRole('img'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(VISIBILITY_DESCRIPTIONS.group.private);
  });

  it('shows its explanation as a tooltip on hover', async () => {
    render(<VisibilityIcon level="internal" />);
    await userEvent.hover(screen.getByRole('img'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(VISIBILITY_DESCRIPTIONS.project.internal);
  });
});
