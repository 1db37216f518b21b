import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { KeysetPagination, Pagination } from '../src/components/Pagination';

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
  args: { page: 1, totalPages: 10, onChange: fn() },
  argTypes: {
    page: { control: { type: 'number', min: 1 } },
    totalPages: { control: { type: 'number', min: 0 } },
    siblingCount: { control: { type: 'number', min: 0 } },
    boundaryCount: { control: { type: 'number', min: 0 } },
  },
  parameters: {
    docs: {
      description: {
        component:
          'Moves through a paged list (GitLab UI `GlPagination` / `GlKeysetPagination`). The ' +
          'labels: **Previous**, **Next** and **Go to page {n}** (the accessible name of each page control).\n\n' +
          '- `Pagination` (numbered): Previous, the first page, the current page with one neighbour each side, the ' +
          'last page, and an ellipsis (…) for each gap, always 7 entries once there are 7 pages or more so nothing ' +
          'jumps; Next. The current page has `aria-current="page"`. Previous is disabled on the first page, Next on ' +
          'the last. With 1 page nothing is rendered. Without `totalPages` (the server leaves `X-Total-Pages` out ' +
          'for very large lists) it shows Previous, the current page and Next (`hasNextPage`).\n' +
          '- `KeysetPagination` (cursor): only Previous and Next, asking for `{ before: startCursor }` or ' +
          '`{ after: endCursor }`: for GraphQL connections and REST keyset lists, where page numbers do not exist.\n\n' +
          'Give `hrefBuilder` to render **links** (each page has a URL: the default for server-rendered lists, and ' +
          'what a router should intercept through `onChange` + `event.preventDefault()`), or only `onChange` to ' +
          'render **buttons** (in-place lists). Read the response headers with `parsePaginationHeaders` ' +
          '(`X-Page`, `X-Total-Pages`, `X-Next-Page`, `Link`, …).\n\n' +
          '**Keyboard and screen readers:** one landmark, `<nav aria-label="Pagination">`, holding a list; every ' +
          'control is a Tab stop except disabled ones (a disabled link is `role="link"` + `aria-disabled`, out of ' +
          'the tab order) and the ellipses (hidden from assistive technology). Below 576 px of width (a container ' +
          'query) Previous and Next show only their chevrons and keep their text as the accessible name.\n\n' +
          "**Don't** use numbered pagination for infinite or cursor-based lists, or for fewer than two pages.",
      },
    },
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first of 10 pages: Previous is disabled. */
export const Default: Story = {};

export const Playground: Story = { args: { page: 5, totalPages: 20 } };

/** A long range: the current page in the middle, an ellipsis on each side. */
export const LongRange: Story = {
  args: { page: 50, totalPages: 100 },
  play: async ({ canvas, args }) => {
    const nav = await canvas.findByRole('navigation', { name: 'Pagination' });
    const pages = within(nav)
      .getAllByRole('button', { name: /^Go to page/ })
      .map((button) => button.textContent);
    await expect(pages).toEqual(['1', '49', '50', '51', '100']);
    await expect(within(nav).getByRole('button', { name: 'Go to page 50' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    await expect(args.onChange).toHaveBeenCalledWith(51, expect.anything());
  },
};

/** The last page: Next is disabled. */
export const LastPage: Story = {
  args: { page: 10, totalPages: 10 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeEnabled();
  },
};

/** Few pages: every page is shown, no ellipsis. */
export const FewPages: Story = { args: { page: 2, totalPages: 4 } };

/** Links built by `hrefBuilder` (a server-rendered list): disabled Previous is not a link target. */
export const AsLinks: Story = {
  args: { page: 1, totalPages: 8, hrefBuilder: (page: number) => `?page=${page}`, onChange: undefined },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Go to page 2' })).toHaveAttribute('href', '?page=2');
    await expect(canvas.getByRole('link', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Without `totalPages` (no `X-Total-Pages`): Previous, the current page, Next from `hasNextPage`. */
export const UnknownTotal: Story = {
  args: { page: 7, totalPages: undefined, hasNextPage: true },
};

/** Stateful: the buttons move the current page. */
export const Interactive: Story = {
  render: function Render(args) {
    const [page, setPage] = useState(args.page);
    return <Pagination {...args} page={page} onChange={(next) => setPage(next)} />;
  },
  args: { page: 1, totalPages: 12 },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Go to page 5' }));
    await expect(canvas.getByRole('button', { name: 'Go to page 5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(canvas.getByRole('button', { name: 'Go to page 4' })).toHaveAttribute('aria-current', 'page');
  },
};

/**
 * In a 360 px container (a phone): Previous and Next keep only their chevrons; their names stay
 * "Previous" and "Next" for screen readers.
 */
export const Narrow: Story = {
  args: { page: 5, totalPages: 20 },
  render: (args) => (
    <div style={{ width: 360, outline: '1px dashed var(--fk-color-border-default)' }}>
      <Pagination {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const previous = await canvas.findByRole('button', { name: 'Previous' });
    const text = previous.querySelector('.fk-pagination__text')!;
    await expect(text.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

/** Keyset pagination in the middle of a list: both directions available. */
export const Keyset: Story = {
  render: () => (
    <KeysetPagination hasPreviousPage hasNextPage startCursor="eyJpZCI6NDF9" endCursor="eyJpZCI6NjB9" onChange={fn()} />
  ),
  play: async ({ canvas }) => {
    const nav = await canvas.findByRole('navigation', { name: 'Pagination' });
    await expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Previous', 'Next']);
  },
};

/** Keyset pagination on the first page: Previous is disabled. */
export const KeysetFirstPage: Story = {
  render: () => <KeysetPagination hasNextPage endCursor="eyJpZCI6MjB9" onChange={fn()} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Previous' })).toBeDisabled();
  },
};
