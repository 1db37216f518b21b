// UserMenu on the server (no DOM globals): the avatar button, the sign-out form with its CSRF
// token and the no-script "Sign out" button are in the HTML, so signing out works without
// JavaScript; hydration matches, and the hydrated menu submits the same form.
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserMenu } from '../src/components/UserMenu';
import { DOM_GLOBALS } from './support/domGlobals';
import { renderAndHydrate } from './support/hydration';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.restoreAllMocks());

const element = (
  <UserMenu
    user={{ id: 1, name: 'Ada Lovelace', username: 'ada' }}
    status={{ emoji: 'coffee', message: 'On a break', availability: 'busy' }}
    csrfToken="token-1"
  />
);

describe('UserMenu server render', () => {
  it('renders the trigger, the sign-out form and its no-script button without touching the DOM', () => {
    for (const global of DOM_GLOBALS) expect(global in globalThis, `${global} is defined`).toBe(false);
    const html = renderToString(element);
    expect(html).toContain('aria-label="Ada Lovelace user’s menu"');
    const form = html.match(/<form id="([^"]+)" hidden="" action="\/users\/sign_out" method="post">/);
    expect(form).not.toBeNull();
    expect(html).toContain('<input type="hidden" name="authenticity_token" value="token-1"/>');
    expect(html).toContain(`<noscript><button type="submit" form="${form![1]}"`);
  });

  it('hydrates without a warning', async () => {
    await renderAndHydrate(element, undefined, { preserves: 'form' });
  });
});
