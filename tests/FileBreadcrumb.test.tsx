import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileBreadcrumb, fileBreadcrumbItems } from '../src/components/FileBreadcrumb';

const TREE = '/forge/forgekit/-/tree/main';
const hrefFor = (path: string) => (path ? `${TREE}/${path}` : TREE);

describe('FileBreadcrumb', () => {
  it('lists the project, each directory and the file, each a link, the file as the current page', () => {
    render(<FileBreadcrumb projectName="forgekit" path="src/components/Button.tsx" hrefFor={hrefFor} />);
    const nav = screen.getByRole('navigation', { name: 'File path' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['forgekit', TREE],
      ['src', `${TREE}/src`],
      ['components', `${TREE}/src/components`],
      ['Button.tsx', `${TREE}/src/components/Button.tsx`],
    ]);
    expect(links.at(-1)).toHaveAttribute('aria-current', 'page');
    expect(nav).toHaveClass('fk-file-breadcrumb');
  });

  it('shows only the project at the repository root', () => {
    render(<FileBreadcrumb projectName="forgekit" path="" hrefFor={hrefFor} />);
    expect(screen.getByRole('link', { name: 'forgekit' })).toHaveAttribute('aria-current', 'page');
  });

  it('ignores leading, trailing and doubled slashes', () => {
    expect(fileBreadcrumbItems('p', '/docs//guide/', hrefFor).map((item) => item.text)).toEqual(['p', 'docs', 'guide']);
  });
});
