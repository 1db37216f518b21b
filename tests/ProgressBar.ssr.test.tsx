// ProgressBar on the server (no DOM globals), then hydrated: same ids, no warning.
import { describe, expect, it } from 'vitest';
import { ProgressBar } from '../src/components/ProgressBar';
import { renderAndHydrate } from './support/hydration';

describe('ProgressBar server render', () => {
  it('renders the progressbar with its value and hydrates without a warning', async () => {
    const html = await renderAndHydrate(
      <ProgressBar label="Time spent" value={3} maxValue={4} valueLabel="3h of 4h" showValueLabel />,
      (container) => {
        expect(container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext')).toBe('3h of 4h');
      },
      { preserves: '[role="progressbar"]' },
    );
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="3"');
    expect(html).toContain('--fk-progress-bar-percentage:75%');
  });
});
