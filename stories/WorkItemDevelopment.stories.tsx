import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WorkItemDevelopment, WORK_ITEM_DEVELOPMENT_TEXTS } from '../src/components/WorkItemDevelopment';
import { demoBranches, demoMergeRequests } from './support/workItems';

const meta = {
  title: 'Components/WorkItemDevelopment',
  component: WorkItemDevelopment,
  args: {
    mergeRequests: demoMergeRequests,
    branches: demoBranches,
    onCreateMergeRequest: fn(),
    onCreateBranch: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'The development widget of a work item: its merge requests (state icon, title, reference, the head ' +
          'pipeline’s status, assignees) and related branches. With `canUpdate`, the + menu offers **Create merge ' +
          'request** (left out without `onCreateMergeRequest`, as when merge requests are disabled) and **Create ' +
          'branch**: callbacks, so the page opens its own form. With nothing linked it says **None**.',
      },
    },
  },
} satisfies Meta<typeof WorkItemDevelopment>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = { args: { canUpdate: true } };

/** The + menu open. */
export const Editable: Story = {
  args: { canUpdate: true },
  parameters: { visual: { target: 'page' } },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: WORK_ITEM_DEVELOPMENT_TEXTS.add }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: WORK_ITEM_DEVELOPMENT_TEXTS.createBranch })).toBeVisible();
  },
};

export const Empty: Story = { args: { mergeRequests: [], branches: [], canUpdate: true } };

export const Loading: Story = { args: { isLoading: true } };

export const FetchError: Story = {
  args: {
    mergeRequests: [],
    branches: [],
    error:
      "One or more items cannot be shown. If you're using SAML authentication, this could mean your session has expired.",
  },
};

export const LongContent: Story = {
  args: {
    mergeRequests: [
      {
        ...demoMergeRequests[0]!,
        title:
          'Draft: Resolve "Sign in with passkeys on every supported browser, with a fallback to one-time codes for the rest"',
        reference: 'platform/identity/sign-in-service!1234',
      },
    ],
    branches: [{ name: '12-sign-in-with-passkeys-on-every-supported-browser-with-a-fallback-to-one-time-codes' }],
  },
};
