import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState, type CSSProperties } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import {
  CriticalPatchModal,
  criticalPatchCookieName,
  type CriticalPatchModalProps,
} from '../src/components/CriticalPatchModal';
import { getCookie, removeCookie } from '../src/utils/storage';
import { waitForOpen, withViewportFill } from './support/overlay';

/** Story-only trigger styling (there is no Button component yet). */
const trigger: CSSProperties = {
  padding: 'var(--fk-space-2) var(--fk-space-4)',
  border: 'thin solid var(--fk-color-border-strong)',
  borderRadius: 'var(--fk-radius-md)',
  background: 'var(--fk-color-background-default)',
  color: 'var(--fk-color-text-default)',
  font: 'inherit',
};

const TITLE = 'Important notice - Critical patch release';

const page = (context: { canvasElement: HTMLElement }) => within(context.canvasElement.ownerDocument.body);

/**
 * The modal opens by itself when the page loads; here a button stands for the page load (so the
 * docs page does not open every story at once), and leaving the story forgets its cookie.
 */
function PageLoad(props: CriticalPatchModalProps) {
  const [loaded, setLoaded] = useState(false);
  const [cookie, setCookieText] = useState('none');
  const name = criticalPatchCookieName(props.currentVersion);
  useEffect(() => () => removeCookie(name), [name]);
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <button type="button" style={trigger} onClick={() => setLoaded(true)}>
        Load the admin area
      </button>
      <output aria-label="Cookie">{`Cookie ${name}: ${cookie}`}</output>
      {loaded ? (
        <CriticalPatchModal
          {...props}
          onHidden={() => {
            setLoaded(false);
            setCookieText(getCookie(name) ?? 'none');
          }}
        />
      ) : null}
    </div>
  );
}

async function load(context: { canvasElement: HTMLElement }) {
  await userEvent.click(within(context.canvasElement).getByRole('button', { name: 'Load the admin area' }));
  const dialog = await page(context).findByRole('dialog', { name: TITLE });
  await waitForOpen(dialog);
  return dialog;
}

const meta = {
  title: 'Components/CriticalPatchModal',
  component: CriticalPatchModal,
  args: {
    currentVersion: '16.8.1',
    latestStableVersions: ['16.10.2', '16.9.4', '16.8.6'],
    latestStableVersionOfMinor: '16.8.6',
    details: 'This release fixes a critical vulnerability in project imports.',
    releasesUrl: '#releases',
    upgradeDocsUrl: '#upgrade',
  },
  render: (args) => <PageLoad {...args} />,
  decorators: [withViewportFill],
  parameters: {
    docs: {
      description: {
        component:
          'The critical-patch upgrade notice for administrators ("Critical-patch modal: shown ' +
          'once per version, hidden for 3 days after Remind me or Upgrade now, using a cookie"). It opens by ' +
          'itself unless the cookie `<currentVersion>-hide-alert-modal` is set; "Remind me in 3 days" and ' +
          '"Upgrade now" set it for `CRITICAL_PATCH_REMIND_DAYS` (3 days). ' +
          'The close button and Escape hide it for this page only.\n\n' +
          'Give it the version check data (`currentVersion`, `latestStableVersions`, `latestStableVersionOfMinor`, ' +
          '`details`; spreading the server object works). "Upgrade now" links to `upgradeDocsUrl`.\n\n' +
          '**Keyboard and screen readers:** a modal dialog named by its title; the emoji is decorative. Tab ' +
          'reaches the close button, the links and both actions.',
      },
    },
  },
} satisfies Meta<typeof CriticalPatchModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With the latest stable versions and details. */
export const Default: Story = {
  play: async (context) => {
    const dialog = await load(context);
    await expect(dialog).toHaveTextContent(
      'You are currently on version 16.8.1! We strongly recommend upgrading your installation to one of the following versions immediately: 16.10.2, 16.9.4, 16.8.6.',
    );
  },
};

export const Playground: Story = {
  args: { currentVersion: '16.7.0' },
};

/** Without stable versions: a plain call to upgrade, plus the patch of the running minor version. */
export const WithoutStableVersions: Story = {
  args: {
    currentVersion: '16.6.2',
    latestStableVersions: [],
    latestStableVersionOfMinor: '16.6.9',
    details: undefined,
  },
  play: async (context) => {
    const dialog = await load(context);
    await expect(dialog).toHaveTextContent(
      'Additionally, there is an available stable patch for your current minor version: 16.6.9',
    );
  },
};

/** "Remind me in 3 days" (here from the keyboard) sets the per-version cookie and closes the modal. */
export const RemindMeLater: Story = {
  args: { currentVersion: '16.5.3' },
  play: async (context) => {
    await load(context);
    const remind = page(context).getByRole('button', { name: 'Remind me in 3 days' });
    for (let i = 0; i < 6 && !remind.matches(':focus'); i += 1) await userEvent.tab();
    await expect(remind).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await within(context.canvasElement).findByText('Cookie 16.5.3-hide-alert-modal: true')).toBeVisible();
  },
};
