import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DESIGN_UPLOAD_LIMIT,
  WorkItemDesigns,
  WORK_ITEM_DESIGNS_TEXTS as TEXTS,
} from '../src/components/WorkItemDesigns';
import { demoDesigns } from '../stories/support/workItems';

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

/** A drop of `files` on `target`, as the browser delivers it. */
function drop(target: Element, files: File[]) {
  const dataTransfer = { types: ['Files'], files };
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('WorkItemDesigns', () => {
  it('lists designs with filenames, links and what the version changed', () => {
    render(<WorkItemDesigns designs={demoDesigns} version="Version 2 (latest)" />);
    const list = screen.getByRole('list', { name: TEXTS.title });
    expect(within(list).getByRole('link', { name: 'sign-in.png' })).toHaveAttribute('href', demoDesigns[0]!.webUrl);
    expect(within(list).getByRole('link', { name: 'passkey-prompt.png' }).querySelector('img')).toHaveAttribute(
      'data-src',
      demoDesigns[1]!.image,
    );
    expect(within(list).getByText(TEXTS.events.CREATION)).toBeInTheDocument();
    expect(within(list).getByText(TEXTS.events.MODIFICATION)).toBeInTheDocument();
    expect(screen.getByText('Version 2 (latest)')).toBeInTheDocument();
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
});
