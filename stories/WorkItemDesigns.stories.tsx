import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { WorkItemDesigns, WORK_ITEM_DESIGNS_TEXTS, type WorkItemDesign } from '../src/components/WorkItemDesigns';
import { waitForOpen } from './support/overlay';
import { demoDesigns } from './support/workItems';

const T = WORK_ITEM_DESIGNS_TEXTS;
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
/** How long a first-opened menu may take to load its code. */
const MENU_LOAD_TIMEOUT_MS = 10_000;

/** Three versions of the designs, the latest first. */
const demoVersions = [
  { id: 'gid://gitlab/DesignManagement::Version/3', author: { name: 'Amara Okafor' } },
  { id: 'gid://gitlab/DesignManagement::Version/2', author: { name: 'Lin Chen' } },
  { id: 'gid://gitlab/DesignManagement::Version/1', author: { name: 'Amara Okafor' } },
];

/** The first version: the first design only, created in it. */
async function loadVersion(versionId: string): Promise<readonly WorkItemDesign[]> {
  return versionId === demoVersions[2]!.id
    ? [{ ...demoDesigns[0]!, event: 'CREATION' as const }]
    : demoDesigns.slice(0, 2).map((design) => ({ ...design, event: 'NONE' as const }));
}

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
  args: {
    designs: demoDesigns,
    versions: demoVersions,
    onLoadVersion: loadVersion,
    onUpload: fn(async () => {}),
    onDelete: fn(async () => {}),
  },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'The designs widget of a work item: thumbnails (loaded lazily) with their filenames, a badge on designs ' +
          'added or modified in the shown version, and a version selector (**Latest version**, or **Showing ' +
          'version #N**) that shows the designs as an earlier version had them, loaded through `onLoadVersion`. ' +
          'With `canUpdate`, images are uploaded with **Add**, the empty state’s **upload** button, or by dropping ' +
          'files on the card: images only, at most 10 at a time, GitLab’s texts for each refusal and for a failed ' +
          'upload. At the latest version, designs are selected (each with its checkbox, or **Select all**) and ' +
          '**Archive selected** deletes them after a confirmation; earlier versions keep them. Readers see no card ' +
          'when there are no designs and no versions.\n\n**Keyboard:** the version selector is a menu button ' +
          '(Enter, Space or ArrowDown open it, arrows move, Enter chooses); checkboxes toggle with Space; Add and ' +
          'upload are buttons that open the file chooser; each design is a link named by its filename.',
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
export const Empty: Story = { args: { designs: [], versions: [], canUpdate: true } };

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

/** The version selector open: every version, the latest first, with its author. */
export const VersionSelector: Story = {
  parameters: { visual: { target: 'page' } },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: T.latestVersion }));
    // The open menu's code loads on first use: allow for a cold start.
    const menu = await page(canvasElement).findByRole('menu', {}, { timeout: MENU_LOAD_TIMEOUT_MS });
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(demoVersions.length);
    await expect(within(menu).getByRole('menuitem', { name: /Version 3 \(latest\)/ })).toBeInTheDocument();
  },
};

/** An earlier version: its designs as they were, no selection or deletion. */
export const EarlierVersion: Story = {
  args: { canUpdate: true, defaultVersionId: demoVersions[2]!.id },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Showing version #1' })).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: 'sign-in.png' })).toBeInTheDocument();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};

/** An earlier version that could not be loaded. */
export const VersionLoadError: Story = {
  args: { defaultVersionId: demoVersions[1]!.id, onLoadVersion: () => Promise.reject(new Error('500')) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(T.loadingError)).toBeVisible();
  },
};

/** A design selected with the keyboard: Archive selected is enabled. */
export const Selected: Story = {
  args: { canUpdate: true },
  play: async ({ canvas }) => {
    const [checkbox] = await canvas.findAllByRole('checkbox', { name: T.selectDesign });
    checkbox!.focus();
    await userEvent.keyboard(' ');
    await expect(checkbox).toBeChecked();
    await expect(canvas.getByRole('button', { name: T.archiveSelected })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: T.deselectAll })).toBeInTheDocument();
  },
};

/** Archive selected asks first; confirming deletes the selected designs. */
export const DeleteConfirmation: Story = {
  args: { canUpdate: true },
  parameters: { visual: { target: 'page' } },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: T.selectAll }));
    await userEvent.click(canvas.getByRole('button', { name: T.archiveSelected }));
    const dialog = await page(canvasElement).findByRole('alertdialog', { name: T.archiveConfirm.title });
    await waitForOpen(dialog);
    await expect(dialog).toHaveTextContent(T.archiveConfirm.text);
    await expect(within(dialog).getByRole('button', { name: T.archiveConfirm.primary })).toBeInTheDocument();
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

/** Every design deleted: earlier versions still have them. */
export const AllArchived: Story = { args: { designs: [] } };
