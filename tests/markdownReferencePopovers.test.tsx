// References enhancer (jsdom): preview popovers for issue, work item, merge request, epic and
// milestone links through the fetchReference adapter; nothing without it; the adapter's input;
// caching per reference; loading and error states; delegation and dispose.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Markdown,
  renderGfm,
  renderMarkdown,
  type MarkdownReference,
  type RenderGfmOptions,
  type ResolvedReference,
} from '../src/markdown';
import { REFERENCE_POPOVER_ROOT_ATTRIBUTE } from '../src/markdown/pipeline/enhancers/referencePopoverManager';
import {
  REFERENCE_POPOVER_SHOW_DELAY,
  REFERENCE_POPOVER_TEXTS,
  referencesEnhancer,
  type PreviewedReference,
  type ReferencePreview,
} from '../src/markdown/pipeline/enhancers/references';

/** Resolves every reference: /ref/<type>/<n>, with ids and the project written or `group/project`. */
async function resolve(refs: MarkdownReference[]): Promise<(ResolvedReference | null)[]> {
  return refs.map((ref, index) => ({
    url: `/ref/${ref.type}/${index}`,
    id: 100 + index,
    project: ref.project ?? 'group/project',
    title: `Title ${ref.text}`,
  }));
}

const PREVIEWS: Record<string, ReferencePreview> = {
  '#12': { title: 'Crash on save', reference: 'group/project#12', state: 'opened' },
  '!7': { title: 'Fix the crash', reference: 'group/project!7', state: 'merged' },
  '&3': { title: 'Stability', reference: 'group&3', state: 'closed', confidential: true },
  '[work_item:5]': { title: 'Write the docs', reference: 'group/project#5', state: 'OPEN', workItemType: 'Task' },
  '%v1.0': {
    title: 'v1.0',
    reference: '%v1.0',
    state: 'expired',
    startDate: '2024-01-01',
    dueDate: '2024-03-31',
  },
};

const fetchPreview = () => vi.fn(async (ref: PreviewedReference) => PREVIEWS[ref.text!]!);

const handles: { dispose(): void }[] = [];
beforeEach(() => {
  // The popovers open from timers and document events, outside React, as on a real page.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  cleanup();
  for (const handle of handles.splice(0)) handle.dispose();
  await Promise.resolve();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

async function setup(text: string, options: RenderGfmOptions) {
  const container = document.createElement('div');
  container.innerHTML = await renderMarkdown(text, { resolveReferences: resolve });
  document.body.append(container);
  const handle = renderGfm(container, { enhancers: [referencesEnhancer], ...options });
  handles.push(handle);
  await handle.done;
  return { container, handle, link: (name: string | RegExp) => within(container).getAllByRole('link', { name })[0]! };
}

const roots = () => document.querySelectorAll(`[${REFERENCE_POPOVER_ROOT_ATTRIBUTE}]`);

describe('reference popovers per type', () => {
  it('issue: open badge, title, full reference; asked with type, project, iid, url, id and text', async () => {
    const fetchReference = fetchPreview();
    const { link } = await setup('See #12', { references: { fetchReference } });
    await userEvent.hover(link('#12'));
    const dialog = await screen.findByRole('dialog', { name: 'Crash on save' });
    expect(within(dialog).getByText('Open')).toHaveAttribute('data-component', 'Badge.Text');
    expect(dialog.querySelector('.fk-reference-preview__state')).toHaveAttribute('data-variant', 'open');
    expect(within(dialog).getByText('Issue')).toBeInTheDocument();
    expect(within(dialog).getByText('group/project#12')).toBeInTheDocument();
    expect(fetchReference).toHaveBeenCalledWith({
      type: 'issue',
      project: 'group/project',
      iid: 12,
      url: new URL('/ref/issue/0', document.baseURI).href,
      id: '100',
      text: '#12',
    });
    expect(link('#12')).toHaveAttribute('aria-describedby', dialog.id);
  });

  it('merge request: merged badge', async () => {
    const { link } = await setup('Merged in !7', { references: { fetchReference: fetchPreview() } });
    await userEvent.hover(link(/^!7/));
    const dialog = await screen.findByRole('dialog', { name: 'Fix the crash' });
    expect(dialog.querySelector('.fk-reference-preview__state')).toHaveAttribute('data-variant', 'merged');
    expect(within(dialog).getByText('Merged')).toBeInTheDocument();
    expect(within(dialog).getByText('Merge request')).toBeInTheDocument();
  });

  it('epic: closed badge and the confidential marker', async () => {
    const { link } = await setup('Part of &3', { references: { fetchReference: fetchPreview() } });
    await userEvent.hover(link('&3'));
    const dialog = await screen.findByRole('dialog', { name: 'Stability' });
    expect(within(dialog).getByText('Closed')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: REFERENCE_POPOVER_TEXTS.confidential })).toBeInTheDocument();
    expect(within(dialog).getByText('Epic')).toBeInTheDocument();
  });

  it('work item: its type and the OPEN state read as Open', async () => {
    const { link } = await setup('Do [work_item:5]', { references: { fetchReference: fetchPreview() } });
    await userEvent.hover(link('[work_item:5]'));
    const dialog = await screen.findByRole('dialog', { name: 'Write the docs' });
    expect(within(dialog).getByText('Open')).toBeInTheDocument();
    expect(within(dialog).getByText('Task')).toBeInTheDocument();
  });

  it("milestone: state, start and due dates, 'Past due'", async () => {
    const fetchReference = fetchPreview();
    const { link } = await setup('Due in %v1.0', { references: { fetchReference } });
    await userEvent.hover(link('%v1.0'));
    const dialog = await screen.findByRole('dialog', { name: 'v1.0' });
    expect(within(dialog).getByText('Expired')).toBeInTheDocument();
    expect(within(dialog).getByText('Start date')).toBeInTheDocument();
    expect(within(dialog).getByText('Jan 1, 2024')).toBeInTheDocument();
    expect(within(dialog).getByText('Due date')).toBeInTheDocument();
    expect(within(dialog).getByText('Mar 31, 2024')).toBeInTheDocument();
    expect(within(dialog).getByText('Past due')).toBeInTheDocument();
    expect(fetchReference.mock.calls[0]![0]).toMatchObject({ type: 'milestone', id: '100', text: '%v1.0' });
    expect(fetchReference.mock.calls[0]![0]).not.toHaveProperty('iid');
  });

  it('labels, users and commits get no preview', async () => {
    vi.useFakeTimers();
    const fetchReference = fetchPreview();
    const { container } = await setup('~bug @alice abcdef1', { references: { fetchReference } });
    for (const link of within(container).getAllByRole('link')) fireEvent.mouseOver(link);
    await vi.advanceTimersByTimeAsync(REFERENCE_POPOVER_SHOW_DELAY * 2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchReference).not.toHaveBeenCalled();
  });
});

describe('adapter, cache and states', () => {
  it('without fetchReference there is no popover', async () => {
    vi.useFakeTimers();
    const { link } = await setup('See #12', {});
    fireEvent.mouseOver(link('#12'));
    await vi.advanceTimersByTimeAsync(REFERENCE_POPOVER_SHOW_DELAY * 2);
    link('#12').focus();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(roots()).toHaveLength(0);
    expect(link('#12')).toHaveAttribute('title', 'Title #12');
  });

  it('opens after the hover delay and fetches each reference once per page', async () => {
    vi.useFakeTimers();
    const fetchReference = fetchPreview();
    const { container } = await setup('#12 and #12 and !7', { references: { fetchReference } });
    const [first, second, mr] = within(container).getAllByRole('link');
    fireEvent.mouseOver(first!);
    await vi.advanceTimersByTimeAsync(REFERENCE_POPOVER_SHOW_DELAY - 1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    let previous = first!;
    for (const link of [second!, mr!, first!]) {
      fireEvent.mouseOut(previous, { relatedTarget: link });
      fireEvent.mouseOver(link, { relatedTarget: previous });
      await vi.advanceTimersByTimeAsync(REFERENCE_POPOVER_SHOW_DELAY);
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      previous = link;
    }
    expect(fetchReference.mock.calls.map(([ref]) => ref.text)).toEqual(['#12', '!7']);
  });

  it('shows a skeleton while loading and an error when the fetch fails', async () => {
    let finish!: (preview: ReferencePreview) => void;
    const fetchReference = vi
      .fn<(ref: PreviewedReference) => Promise<ReferencePreview>>()
      .mockImplementationOnce(() => new Promise((done) => (finish = done)))
      .mockRejectedValueOnce(new Error('404'));
    const { link } = await setup('#12 !7', { references: { fetchReference } });
    await userEvent.hover(link('#12'));
    const dialog = await screen.findByRole('dialog', { name: 'Issue #12' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading');
    finish(PREVIEWS['#12']!);
    expect(await within(dialog).findByText('Crash on save')).toBeInTheDocument();
    await userEvent.hover(link(/^!7/));
    expect(await screen.findByText(REFERENCE_POPOVER_TEXTS.loadError)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '!7' })).toBeInTheDocument();
  });

  it('creates no React root before the first hover; dispose unmounts it', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `#${i + 1}`).join(' ');
    const fetchReference = vi.fn(async (ref: PreviewedReference) => ({ title: `Issue ${ref.iid}`, state: 'opened' }));
    const { container, handle } = await setup(text, { references: { fetchReference } });
    expect(roots()).toHaveLength(0);
    const links = within(container).getAllByRole('link');
    await userEvent.hover(links[0]!);
    await screen.findByRole('dialog', { name: 'Issue 1' });
    await userEvent.hover(links[1]!);
    await screen.findByRole('dialog', { name: 'Issue 2' });
    expect(roots()).toHaveLength(1);
    handle.dispose();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(roots()).toHaveLength(0);
  });

  it('keyboard: focus opens, Tab moves past, Escape closes', async () => {
    const user = userEvent.setup();
    await setup('#12 then !7', { references: { fetchReference: fetchPreview() } });
    await user.tab();
    expect(await screen.findByRole('dialog', { name: 'Crash on save' })).toBeInTheDocument();
    await user.tab(); // the preview holds nothing focusable: focus goes on to the next link
    expect(await screen.findByRole('dialog', { name: 'Fix the crash' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('works through <Markdown>', async () => {
    const html = await renderMarkdown('Fixed by !7', { resolveReferences: resolve });
    render(
      <Markdown
        html={html}
        options={{ enhancers: [referencesEnhancer], references: { fetchReference: fetchPreview() } }}
      />,
    );
    await userEvent.hover(await screen.findByRole('link', { name: /^!7/ }));
    expect(await screen.findByRole('dialog', { name: 'Fix the crash' })).toBeInTheDocument();
  });
});
