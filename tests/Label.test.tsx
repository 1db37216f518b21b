import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Label, removeLabelText, splitScopedLabel } from '../src/components/Label';

function root(container: HTMLElement) {
  return container.querySelector<HTMLElement>('[data-component="Label"]')!;
}

afterEach(() => vi.restoreAllMocks());

describe('Label', () => {
  it('shows its title on its colour with contrasting text', () => {
    const ref = createRef<HTMLSpanElement>();
    const { container } = render(<Label title="bug" color="#dc143c" ref={ref} />);
    const label = root(container);
    expect(ref.current).toBe(label);
    expect(label).toHaveTextContent('bug');
    expect(label).toHaveClass('fk-label');
    expect(label).toHaveAttribute('data-variant', 'default');
    expect(label).toHaveAttribute('data-color', 'custom');
    expect(label).toHaveStyle({ backgroundColor: 'rgb(220, 20, 60)', color: 'rgb(255, 255, 255)' });
    expect(label).toHaveAttribute('data-text-color', 'light');
  });

  it.each([
    ['#ffffff', 'dark', 'rgb(0, 0, 0)'],
    ['#e6e6fa', 'dark', 'rgb(0, 0, 0)'],
    ['#ff0000', 'dark', 'rgb(0, 0, 0)'],
    ['#330066', 'light', 'rgb(255, 255, 255)'],
    ['#1f75cb', 'light', 'rgb(255, 255, 255)'],
    ['#fff', 'dark', 'rgb(0, 0, 0)'],
  ])('on %s uses %s text', (color, text, rgb) => {
    const { container } = render(<Label title="x" color={color} />);
    expect(root(container)).toHaveAttribute('data-text-color', text);
    expect(root(container)).toHaveStyle({ color: rgb });
  });

  it('splits a scoped title at the last ::', () => {
    expect(splitScopedLabel('priority::high')).toEqual({ scope: 'priority', name: 'high' });
    expect(splitScopedLabel('team::backend::api')).toEqual({ scope: 'team::backend', name: 'api' });
    expect(splitScopedLabel('bug')).toBeNull();
    expect(splitScopedLabel('::high')).toBeNull();
    expect(splitScopedLabel('priority::')).toBeNull();
    expect(splitScopedLabel('a:b')).toBeNull();
  });

  it('draws a scoped label in two parts: the scope on the colour, the name on the page', () => {
    const { container } = render(<Label title="priority::high" color="#330066" />);
    const label = root(container);
    expect(label).toHaveAttribute('data-variant', 'scoped');
    const scope = label.querySelector('[data-component="Label.Scope"]');
    const name = label.querySelector('[data-component="Label.Name"]');
    expect(scope).toHaveTextContent(/^priority$/);
    expect(name).toHaveTextContent(/^high$/);
    // The label colour frames the label and fills the scope; the name covers it (Label.css).
    expect(label).toHaveStyle({ backgroundColor: 'rgb(51, 0, 102)', color: 'rgb(255, 255, 255)' });
    expect(scope).not.toHaveAttribute('style');
    expect(name).not.toHaveAttribute('style');
  });

  it('is a link with href', () => {
    render(<Label title="frontend" color="#6699cc" href="/issues?label=frontend" />);
    expect(screen.getByRole('link', { name: 'frontend' })).toHaveAttribute('href', '/issues?label=frontend');
  });

  it('has a remove button named after the title that calls onRemove', async () => {
    const onRemove = vi.fn();
    render(<Label title="priority::high" color="#dc143c" onRemove={onRemove} href="#" />);
    const button = screen.getByRole('button', { name: 'Remove label priority::high' });
    expect(removeLabelText('bug')).toBe('Remove label bug');
    await userEvent.click(button);
    expect(onRemove).toHaveBeenCalledTimes(1);
    // The button is not inside the link.
    expect(screen.getByRole('link').contains(button)).toBe(false);
  });

  it('has no remove button without onRemove', () => {
    render(<Label title="bug" color="#dc143c" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each(['red', '#ffff', 'rgb(0,0,0)', '', '1f75cb'])(
    'falls back to the neutral colour and warns for %j',
    (color) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { container } = render(<Label title="bug" color={color} />);
      const label = root(container);
      expect(label).toHaveAttribute('data-color', 'neutral');
      expect(label).not.toHaveAttribute('data-text-color');
      expect(label.style.backgroundColor).toBe('');
      expect(label.style.color).toBe('');
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining(`color ${JSON.stringify(color)} is not a 3 or 6 digit hex colour`),
      );
    },
  );

  it('is neutral without a colour, silently', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(<Label title="bug" />);
    expect(root(container)).toHaveAttribute('data-color', 'neutral');
    expect(warn).not.toHaveBeenCalled();
  });

  it("lets the consumer's style and class win", () => {
    const { container } = render(<Label title="bug" color="#dc143c" className="x" style={{ color: 'rgb(1, 2, 3)' }} />);
    expect(root(container)).toHaveClass('fk-label', 'x');
    expect(root(container)).toHaveStyle({ color: 'rgb(1, 2, 3)', backgroundColor: 'rgb(220, 20, 60)' });
  });
});
