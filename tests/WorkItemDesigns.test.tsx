import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DESIGN_UPLOAD_LIMIT,
  WorkItemDesigns,
  WORK_ITEM_DESIGNS_TEXTS as TEXTS,
} from '../src/components/WorkItemDesigns';
import { archiveErrorText, showingVersionText, versionText } from '../src/components/WorkItemDesigns/WorkItemDesigns';
import { demoDesigns } from '../stories/support/workItems';

/** Three versions, the latest first. */
const versions = [
  { id: 'gid://gitlab/DesignManagement::Version/3', author: { name: 'Amara Okafor' } },
  { id: 'gid://gitlab/DesignManagement::Version/2', author: { name: 'Lin Chen' } },
  { id: 'gid://gitlab/DesignManagement::Version/1', author: { name: 'Amara Okafor' } },
];

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

/** A drop of `files` on `target`, as the browser delivers it. */
function drop(target: Element, files: File[]) {
  const dataTransfer = { types: ['Files'], files };
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('WorkItemDesigns', () => {
  it('lists designs with filenames, links and what the version changed', () => {
    render(<WorkItemDesigns designs={demoDesigns} versions={versions} onLoadVersion={async () => []} />);
    const list = screen.getByRole('list', { name: TEXTS.title });
    expect(within(list).getByRole('link', { name: 'sign-in.png' })).toHaveAttribute('href', demoDesigns[0]!.webUrl);
    expect(within(list).getByRole('link', { name: 'passkey-prompt.png' }).querySelector('img')).toHaveAttribute(
      'data-src',
      demoDesigns[1]!.image,
    );
    expect(within(list).getByText(TEXTS.events.CREATION)).toBeInTheDocument();
    expect(within(list).getByText(TEXTS.events.MODIFICATION)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXTS.latestVersion })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTS.addLabel })).toBeNull();
  });

  it('renders nothing for a reader when there are no designs', () => {
    const { container } = render(<WorkItemDesigns designs={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('uploads the files chosen through the Add button, with progress', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onUpload = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { container } = render(<WorkItemDesigns designs={demoDesigns} canUpdate onUpload={onUpload} />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', expect.stringContaining('image/png'));
    await user.upload(input, [png('new.png')]);
    expect(onUpload).toHaveBeenCalledWith([expect.objectContaining({ name: 'new.png' })]);
    expect(screen.getByText('Uploading 1 design')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: TEXTS.addLabel })).toBeDisabled();
    await act(async () => finish());
    expect(screen.queryByText('Uploading 1 design')).toBeNull();
    expect(screen.queryByText('new.png')).toBeNull();
  });

  it('uploads images dropped on the empty drop zone, and offers its upload button', async () => {
    const onUpload = vi.fn(async () => {});
    render(<WorkItemDesigns designs={[]} canUpdate onUpload={onUpload} />);
    expect(screen.getByText(/Drop or/)).toHaveTextContent('Drop or upload designs to attach');
    expect(screen.getByRole('button', { name: TEXTS.dropzoneLink })).toBeInTheDocument();
    const zone = document.querySelector('.fk-work-item-designs__dropzone')!;
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByText(TEXTS.dropOverlay)).toBeInTheDocument();
    await act(async () => drop(zone, [png('a.png'), png('b.png')]));
    expect(onUpload).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'a.png' }),
      expect.objectContaining({ name: 'b.png' }),
    ]);
    expect(screen.queryByText(TEXTS.dropOverlay)).toBeNull();
  });

  it('refuses files that are not images, and more than the limit, with GitLab texts', async () => {
    const onUpload = vi.fn(async () => {});
    render(<WorkItemDesigns designs={demoDesigns} canUpdate onUpload={onUpload} />);
    const zone = document.querySelector('.fk-work-item-designs__dropzone')!;
    await act(async () => drop(zone, [png('a.png'), new File(['x'], 'notes.txt', { type: 'text/plain' })]));
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.invalidType);
    const many = Array.from({ length: DESIGN_UPLOAD_LIMIT + 1 }, (_, index) => png(`${index}.png`));
    await act(async () => drop(zone, many));
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.tooMany);
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('shows GitLab upload error when the upload fails', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <WorkItemDesigns designs={demoDesigns} canUpdate onUpload={() => Promise.reject(new Error('500'))} />,
    );
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, [png('new.png')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.uploadError);
  });

  it('shows an earlier version chosen with the keyboard, without selection, and comes back to the latest', async () => {
    const user = userEvent.setup();
    const first = [
      {
        id: 'old',
        filename: 'first-draft.png',
        image: demoDesigns[0]!.image,
        webUrl: '/designs/first-draft.png',
        event: 'CREATION' as const,
      },
    ];
    const onLoadVersion = vi.fn(async () => first);
    render(
      <WorkItemDesigns
        designs={demoDesigns}
        versions={versions}
        onLoadVersion={onLoadVersion}
        canUpdate
        onDelete={async () => {}}
      />,
    );
    expect(screen.getAllByRole('checkbox')).toHaveLength(demoDesigns.length);
    screen.getByRole('button', { name: TEXTS.latestVersion }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${versionText(3, true)} Amara Okafor`,
      `${versionText(2, false)} Lin Chen`,
      `${versionText(1, false)} Amara Okafor`,
    ]);
    await user.keyboard('{End}{Enter}');
    expect(onLoadVersion).toHaveBeenCalledWith(versions[2]!.id);
    expect(await screen.findByRole('link', { name: 'first-draft.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: showingVersionText(1) })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'sign-in.png' })).toBeNull();
    // Designs are selected and deleted at the latest version only.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: TEXTS.archiveSelected })).toBeNull();

    await user.click(screen.getByRole('button', { name: showingVersionText(1) }));
    await user.click(
      await screen.findByRole('menuitem', { name: new RegExp(versionText(3, true).replace(/[()]/g, '\\$&')) }),
    );
    expect(await screen.findByRole('link', { name: 'sign-in.png' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TEXTS.latestVersion })).toBeInTheDocument();
  });

  it("shows GitLab's error when a version cannot be loaded", async () => {
    render(
      <WorkItemDesigns
        designs={demoDesigns}
        versions={versions}
        defaultVersionId={versions[1]!.id}
        onLoadVersion={() => Promise.reject(new Error('500'))}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.loadingError);
  });

  it('deletes the selected designs once confirmed, not when cancelled', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(async () => {});
    render(
      <WorkItemDesigns
        designs={demoDesigns}
        versions={versions}
        canUpdate
        onDelete={onDelete}
        onUpload={async () => {}}
      />,
    );
    const archive = screen.getByRole('button', { name: TEXTS.archiveSelected });
    expect(archive).toBeDisabled();
    const [checkbox] = screen.getAllByRole('checkbox', { name: TEXTS.selectDesign });
    expect(checkbox).toHaveAccessibleDescription('sign-in.png');
    await user.click(checkbox!);
    expect(checkbox).toHaveAccessibleName(TEXTS.unselectDesign);
    expect(archive).toBeEnabled();

    await user.click(archive);
    const dialog = await screen.findByRole('alertdialog', { name: TEXTS.archiveConfirm.title });
    expect(dialog).toHaveTextContent(TEXTS.archiveConfirm.text);
    await user.click(within(dialog).getByRole('button', { name: TEXTS.archiveConfirm.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(archive);
    const again = await screen.findByRole('alertdialog', { name: TEXTS.archiveConfirm.title });
    await user.click(within(again).getByRole('button', { name: TEXTS.archiveConfirm.primary }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(['sign-in.png']));
    await waitFor(() => expect(checkbox).not.toBeChecked());
  });

  it('selects and deselects all, and names the failure to delete them', async () => {
    const user = userEvent.setup();
    render(
      <WorkItemDesigns
        designs={demoDesigns}
        versions={versions}
        canUpdate
        onDelete={() => Promise.reject(new Error('500'))}
      />,
    );
    await user.click(screen.getByRole('button', { name: TEXTS.selectAll }));
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    await user.click(screen.getByRole('button', { name: TEXTS.deselectAll }));
    expect(screen.getAllByRole('checkbox').some((box) => (box as HTMLInputElement).checked)).toBe(false);
    await user.click(screen.getByRole('button', { name: TEXTS.selectAll }));
    await user.click(screen.getByRole('button', { name: TEXTS.archiveSelected }));
    await user.click(await screen.findByRole('button', { name: TEXTS.archiveConfirm.primary }));
    expect(await screen.findByRole('alert')).toHaveTextContent(archiveErrorText(demoDesigns.length));
  });

  it('offers selection and archiving only when there are designs', () => {
    render(
      <WorkItemDesigns designs={[]} canUpdate onUpload={() => Promise.resolve()} onDelete={() => Promise.resolve()} />,
    );
    expect(screen.getByRole('region', { name: TEXTS.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTS.selectAll })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTS.archiveSelected })).not.toBeInTheDocument();
  });

  it('tells a reader that every design was archived', () => {
    render(<WorkItemDesigns designs={[]} versions={versions} />);
    expect(screen.getByText(TEXTS.allArchived)).toBeInTheDocument();
  });
});
