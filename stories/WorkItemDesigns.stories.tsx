import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { WorkItemDesigns, WORK_ITEM_DESIGNS_TEXTS } from '../src/components/WorkItemDesigns';
import { demoDesigns } from './support/workItems';

/** Drops `files` on the designs drop zone, as a browser does. */
function dropFiles(zone: Element, files: File[]) {
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  zone.dispatchEvent(new DragEvent('dragover', { dataTransfer, bubbles: true, cancelable: true }));
  zone.dispatchEvent(new DragEvent('drop', { dataTransfer, bubbles: true, cancelable: true }));
}

const meta = {
  title: 'Components/WorkItemDesigns',
  component: WorkItemDesigns,
  args: { designs: demoDesigns, version: 'Version 2 (latest)', onUpload: fn(async () => {}) },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'The designs widget of a work item: thumbnails (loaded lazily) with their filenames, a badge on designs ' +
          'added or modified in the shown version, and the version’s name. With `canUpdate`, images are uploaded ' +
          'with **Add**, the empty state’s **upload** button, or by dropping files on the card: images only, at ' +
          'most 10 at a time, GitLab’s texts for each refusal and for a failed upload. Readers see no card when ' +
          'there are no designs.\n\n**Keyboard:** Add and upload are buttons that open the file chooser; each ' +
          'design is a link named by its filename.',
      },
    },
  },
} satisfies Meta<typeof WorkItemDesigns>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { canUpdate: true } };

export const Editable: Story = { args: { canUpdate: true } };

/** No designs yet: the drop zone with its upload button. */
export const Empty: Story = { args: { designs: [], version: undefined, canUpdate: true } };

export const Loading: Story = { args: { designs: [], isLoading: true } };

/** An upload in progress: a placeholder per file. */
export const Uploading: Story = {
  args: { canUpdate: true, onUpload: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement, args }) => {
    dropFiles(canvasElement.querySelector('.fk-work-item-designs__dropzone')!, [
      new File(['x'], 'checkout.png', { type: 'image/png' }),
    ]);
    await waitFor(() => expect(args.onUpload).toHaveBeenCalled());
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

/** A dropped file that is not an image is refused. */
export const InvalidFile: Story = {
  args: { canUpdate: true },
  play: async ({ canvas, canvasElement, args }) => {
    dropFiles(canvasElement.querySelector('.fk-work-item-designs__dropzone')!, [
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ]);
    await expect(await canvas.findByText(WORK_ITEM_DESIGNS_TEXTS.invalidType)).toBeVisible();
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

/** The upload failed. */
export const UploadError: Story = {
  args: { canUpdate: true, onUpload: fn(async () => Promise.reject(new Error('500'))) },
  play: async ({ canvas, canvasElement }) => {
    dropFiles(canvasElement.querySelector('.fk-work-item-designs__dropzone')!, [
      new File(['x'], 'checkout.png', { type: 'image/png' }),
    ]);
    await expect(await canvas.findByText(WORK_ITEM_DESIGNS_TEXTS.uploadError)).toBeVisible();
  },
};
