// Real Chromium: truncation in narrow containers, keyboard order and focus rings, and the
// rendered contrast of text on the label colour.
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Label } from '../src/components/Label';
import { contrastRatio } from '../src/utils/contrast';

function rgbToHex(rgb: string): string {
  const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
  return `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;
}

describe('Label layout', () => {
  it.each([
    ['a grid', { display: 'grid', justifyItems: 'start' }],
    ['a flex row', { display: 'flex' }],
    ['a block', { display: 'block' }],
  ] as const)('cuts a long title with an ellipsis in %s', (_, style) => {
    const { container } = render(
      <div style={{ width: 160, ...style }}>
        <Label title="a label with a very long title that does not fit" color="#6699cc" />
      </div>,
    );
    const label = container.querySelector<HTMLElement>('.fk-label')!;
    const name = container.querySelector<HTMLElement>('.fk-label__name')!;
    expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(160);
    expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
    expect(getComputedStyle(name).textOverflow).toBe('ellipsis');
  });

  it('keeps a short label at its natural width', () => {
    const { container } = render(
      <div style={{ width: 400 }}>
        <Label title="priority::1" color="#dc143c" />
      </div>,
    );
    const scope = container.querySelector<HTMLElement>('.fk-label__scope')!;
    expect(scope.scrollWidth).toBe(scope.clientWidth);
    expect(container.querySelector<HTMLElement>('.fk-label')!.getBoundingClientRect().width).toBeLessThan(100);
  });

  it.each(['#dc143c', '#ff0000', '#808080', '#e6e6fa', '#330066', '#eee600'])(
    'draws text on %s with at least 4.5:1 contrast',
    (color) => {
      render(<Label title="contrast" color={color} />);
      const label = screen.getByText('contrast').closest<HTMLElement>('.fk-label')!;
      const style = getComputedStyle(label);
      expect(contrastRatio(rgbToHex(style.color), rgbToHex(style.backgroundColor))).toBeGreaterThanOrEqual(4.5);
    },
  );
});

function Removable() {
  const [titles, setTitles] = useState(['bug', 'priority::2']);
  return (
    <div>
      {titles.map((title) => (
        <Label
          key={title}
          title={title}
          color="#dc143c"
          href={`#${title}`}
          onRemove={() => setTitles((all) => all.filter((t) => t !== title))}
        />
      ))}
    </div>
  );
}

describe('Label keyboard', () => {
  it('tabs to the link, then its remove button; Enter removes it', async () => {
    render(<Removable />);
    await userEvent.tab();
    const link = screen.getByRole('link', { name: 'bug' });
    expect(link).toHaveFocus();
    // The focus ring goes round the whole label.
    const label = link.closest<HTMLElement>('.fk-label')!;
    expect(getComputedStyle(label).outlineStyle).toBe('solid');
    await userEvent.tab();
    const remove = screen.getByRole('button', { name: 'Remove label bug' });
    expect(remove).toHaveFocus();
    expect(getComputedStyle(label).outlineStyle).toBe('none');
    const ring = getComputedStyle(remove);
    expect(ring.outlineStyle).toBe('solid');
    // The ring takes the text colour, which contrasts with the label colour.
    expect(ring.outlineColor).toBe(getComputedStyle(label).color);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('link', { name: 'bug' })).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'priority 2' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.queryByRole('button', { name: 'Remove label priority::2' })).not.toBeInTheDocument();
  });
});

describe('Scoped label colours', () => {
  it('fills the scope with the label colour and the name with the page background', () => {
    render(<Label title="priority::1" color="#dc143c" onRemove={() => {}} />);
    const scope = screen.getByText('priority');
    const name = screen.getByText('1');
    const page = getComputedStyle(document.body).getPropertyValue('--fk-color-background-default').trim();
    const scopeBackground = getComputedStyle(scope.closest('.fk-label')!).backgroundColor;
    expect(scopeBackground).toBe('rgb(220, 20, 60)');
    expect(getComputedStyle(scope).color).toBe('rgb(255, 255, 255)');
    expect(rgbToHex(getComputedStyle(name).backgroundColor)).toBe(page);
    // The remove button continues the name's background.
    const remove = screen.getByRole('button', { name: 'Remove label priority::1' });
    expect(getComputedStyle(remove).backgroundColor).toBe(getComputedStyle(name).backgroundColor);
    expect(contrastRatio(rgbToHex(getComputedStyle(name).color), page)).toBeGreaterThanOrEqual(4.5);
  });
});
