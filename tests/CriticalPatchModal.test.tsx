// jsdom: the critical-patch modal (spec section 4: "shown once per version, hidden for 3 days after
// Remind me or Upgrade now, using a cookie"; section 9: "Remind-me-later 3 days"): its texts with
// the version check data, the per-version cookie, and which ways of closing set it.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CRITICAL_PATCH_DEFAULT_UPGRADE_URL,
  CRITICAL_PATCH_REMIND_DAYS,
  CriticalPatchModal,
  criticalPatchCookieName,
} from '../src/components/CriticalPatchModal';
import { getCookie, removeCookie, setCookie } from '../src/utils/storage';

const VERSION = '16.8.1';
const DAY_MS = 86_400_000;

afterEach(() => {
  removeCookie(criticalPatchCookieName(VERSION));
  removeCookie(criticalPatchCookieName('16.9.0'));
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const modal = () => screen.queryByRole('dialog', { name: 'Important notice - Critical patch release' });

describe('CriticalPatchModal', () => {
  it('opens by itself, listing the latest stable versions', () => {
    render(
      <CriticalPatchModal
        currentVersion={VERSION}
        latestStableVersions={['16.9.2', '16.8.4']}
        latestStableVersionOfMinor="16.8.4"
        details="This release fixes a critical vulnerability."
      />,
    );
    expect(modal()).toBeInTheDocument();
    const body = document.querySelector('[data-component="CriticalPatchModal.Body"]')!;
    expect(body).toHaveTextContent(
      'You are currently on version 16.8.1! We strongly recommend upgrading your installation to one of the following versions immediately: 16.9.2, 16.8.4.',
    );
    expect([...body.querySelectorAll('strong')].map((s) => s.textContent)).toEqual(['16.8.1', '16.9.2, 16.8.4']);
    // The minor version's patch is already in the list: not mentioned twice.
    expect(document.querySelector('[data-component="CriticalPatchModal.MinorPatch"]')).toBeNull();
    expect(screen.getByText('This release fixes a critical vulnerability.')).toBeInTheDocument();
  });

  it('without stable versions, asks to upgrade and mentions the minor version’s patch', () => {
    render(<CriticalPatchModal currentVersion={VERSION} latestStableVersionOfMinor="16.8.4" />);
    expect(document.querySelector('[data-component="CriticalPatchModal.Body"]')).toHaveTextContent(
      'You are currently on version 16.8.1! We strongly recommend upgrading your installation immediately.',
    );
    expect(document.querySelector('[data-component="CriticalPatchModal.MinorPatch"]')).toHaveTextContent(
      'Additionally, there is an available stable patch for your current minor version: 16.8.4',
    );
  });

  it('links Upgrade now to the upgrade docs, and Learn more to the releases page when given', () => {
    const { unmount } = render(<CriticalPatchModal currentVersion={VERSION} />);
    expect(screen.getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
      'href',
      CRITICAL_PATCH_DEFAULT_UPGRADE_URL,
    );
    expect(screen.queryByRole('link', { name: 'Learn more about this critical patch release.' })).toBeNull();
    unmount();
    render(<CriticalPatchModal currentVersion={VERSION} upgradeDocsUrl="/help/update" releasesUrl="/releases" />);
    expect(screen.getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/help/update');
    expect(screen.getByRole('link', { name: 'Learn more about this critical patch release.' })).toHaveAttribute(
      'href',
      '/releases',
    );
  });

  it.each([
    ['Remind me in 3 days', 'button'],
    ['Upgrade now', 'link'],
  ] as const)('“%s” hides it for 3 days with a cookie for this version', async (name, role) => {
    // Now, frozen: jsdom's cookie jar keeps the real time (it lives outside the test's realm in a VM
    // pool), so a cookie dated by any other clock could already be expired for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const cookies = vi.spyOn(document, 'cookie', 'set');
    const onOpenChange = vi.fn();
    render(<CriticalPatchModal currentVersion={VERSION} onOpenChange={onOpenChange} />);
    const control = screen.getByRole(role, { name });
    if (role === 'link') control.addEventListener('click', (event) => event.preventDefault()); // no navigation in jsdom
    await userEvent.click(control);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(CRITICAL_PATCH_REMIND_DAYS).toBe(3);
    expect(getCookie('16.8.1-hide-alert-modal')).toBe('true');
    const written = cookies.mock.calls.at(-1)?.[0] ?? '';
    expect(written).toContain('16.8.1-hide-alert-modal=true');
    expect(written).toContain(`expires=${new Date(Date.now() + 3 * DAY_MS).toUTCString()}`);
  });

  it('stays hidden for that version while the cookie is set, and shows for another version', () => {
    setCookie(criticalPatchCookieName(VERSION), 'true', { expires: CRITICAL_PATCH_REMIND_DAYS });
    const { unmount } = render(<CriticalPatchModal currentVersion={VERSION} />);
    expect(modal()).toBeNull();
    unmount();
    render(<CriticalPatchModal currentVersion="16.9.0" />);
    expect(modal()).toBeInTheDocument();
  });

  it('closing with the close button hides it for this page only (no cookie)', async () => {
    render(<CriticalPatchModal currentVersion={VERSION} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(getCookie(criticalPatchCookieName(VERSION))).toBeUndefined();
  });

  it('renders nothing on the server', () => {
    expect(renderToString(<CriticalPatchModal currentVersion={VERSION} />)).toBe('');
  });
});
