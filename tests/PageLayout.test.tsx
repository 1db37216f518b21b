import { render, screen, within } from '@testing-library/react';
import { PAGE_LAYOUT_CONTENT_ID, PAGE_LAYOUT_STICKY_HEADER_OFFSET, PageLayout } from '../src/components/PageLayout';
import { TOP_BAR_HEIGHT, TopBar } from '../src/components/TopBar';

describe('PageLayout', () => {
  it('puts the skip link first, then the header, the navigation, the breadcrumbs, main and the right sidebar', () => {
    const { container } = render(
      <PageLayout
        topBar={<TopBar />}
        navSidebar={<nav aria-label="Project navigation" />}
        breadcrumbs={<nav aria-label="Breadcrumb" />}
        rightSidebar={<aside aria-label="Issue details" />}
      >
        <h1>Issues</h1>
      </PageLayout>,
    );
    const root = container.firstElementChild!;
    expect(root).toHaveAttribute('data-component', 'PageLayout');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(root.firstElementChild).toBe(skip);
    expect(skip).toHaveAttribute('href', '#content-body');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', PAGE_LAYOUT_CONTENT_ID);
    expect(PAGE_LAYOUT_CONTENT_ID).toBe('content-body');
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(within(main).getByRole('heading', { name: 'Issues' })).toBeInTheDocument();
    const order = [
      screen.getByRole('banner'),
      screen.getByRole('navigation', { name: 'Project navigation' }),
      screen.getByRole('navigation', { name: 'Breadcrumb' }),
      main,
      screen.getByRole('complementary', { name: 'Issue details' }),
    ];
    for (let index = 1; index < order.length; index++) {
      expect(order[index - 1]!.compareDocumentPosition(order[index]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('renders only the slots it is given', () => {
    const { container } = render(<PageLayout>Content</PageLayout>);
    expect(container.querySelector('[data-component="PageLayout.Header"]')).toBeNull();
    expect(container.querySelector('.fk-page-layout__breadcrumbs')).toBeNull();
    expect(screen.getByRole('main')).toHaveTextContent('Content');
  });

  it('names the sticky-header offset after the top bar’s height', () => {
    expect(PAGE_LAYOUT_STICKY_HEADER_OFFSET).toBe(TOP_BAR_HEIGHT);
  });
});
