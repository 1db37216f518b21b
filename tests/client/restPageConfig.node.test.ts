// The page configuration on a server (no DOM): importing reads nothing, values come from configurePage.
import { afterEach, expect, it } from 'vitest';
import { configurePage, getPageConfig, isSignedIn, resetPageConfig } from '../../src/client/config';

afterEach(() => resetPageConfig());

it('works without a DOM: defaults, then the values passed in', () => {
  expect(typeof document).toBe('undefined');
  expect(getPageConfig()).toMatchObject({ relativeUrlRoot: '', apiVersion: 'v4', actionCableUrl: '/cable' });
  configurePage({ csrfToken: 'ssr-token', currentUserId: 3, relativeUrlRoot: '/forge' });
  expect(getPageConfig()).toMatchObject({ csrfToken: 'ssr-token', actionCableUrl: '/forge/cable' });
  expect(isSignedIn()).toBe(true);
});
