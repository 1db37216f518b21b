import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../src/components/Icon';
import { WorkItemTypeIcon, workItemTypeIconName } from '../src/components/WorkItemTypeIcon';
import { WORK_ITEM_TYPE_NAMES, WORK_ITEM_TYPES } from '../src/utils/workItems';

describe('WorkItemTypeIcon', () => {
  it.each(WORK_ITEM_TYPE_NAMES)('names the %s icon after its label (spec section 3)', (type) => {
    render(<WorkItemTypeIcon type={type} />);
    const icon = screen.getByRole('img', { name: WORK_ITEM_TYPES[type].label });
    expect(icon).toHaveAttribute('data-name', WORK_ITEM_TYPES[type].icon);
    expect(ICON_NAMES).toContain(workItemTypeIconName(type));
  });

  it('writes the label beside a decorative icon with showLabel', () => {
    const { container } = render(<WorkItemTypeIcon type="Key Result" showLabel />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('[data-component="WorkItemTypeIcon"]')).toHaveTextContent('Key result');
    expect(container.firstElementChild).toHaveAttribute('data-type', 'Key Result');
  });
});
