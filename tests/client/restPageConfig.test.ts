// The page configuration reader in a DOM: meta tags and window.gon, read lazily.
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_API_VERSION,
  DEFAULT_EMOJI_VERSION,
  configurePage,
  getPageConfig,
  isSignedIn,
  resetPageConfig,
  withRelativeRoot,
} from '../../src/client/config';

type PageWindow = Window & { gon?: Record<string, unknown>; gl?: Record<string, unknown> };
const page = window as PageWindow;

afterEach(() => {
  document.head.replaceChildren();
  delete page.gon;
  delete page.gl;
  resetPageConfig();
});

describe('getPageConfig', () => {
  it('reads what the page holds on first use, not at import time', () => {
    document.head.innerHTML =
      '<meta name="csrf-token" content="tok"><meta name="action-cable-url" content="wss://cable.test/-/cable">';
    const startupCall = { fetchCall: Promise.resolve(new Response('{}')) };
    page.gon = {
      relative_url_root: '/forge/',
      gitlab_url: 'https://forge.test',
      api_version: 'v4',
      current_user_id: '7',
      features: { workItems: true },
      emoji_version: '3',
      version: '18.1.0',
      feature_category: 'team_planning',
    };
    page.gl = { startup_calls: { '/api/v4/user': startupCall } };
    expect(getPageConfig()).toMatchObject({
      csrfToken: 'tok',
      relativeUrlRoot: '/forge',
      gitlabUrl: 'https://forge.test',
      apiVersion: 'v4',
      currentUserId: 7,
      actionCableUrl: 'wss://cable.test/-/cable',
      features: { workItems: true },
      emojiVersion: 3,
      version: '18.1.0',
      featureCategory: 'team_planning',
      startupCalls: { '/api/v4/user': startupCall },
    });
    expect(isSignedIn()).toBe(true);
  });

  it('defaults: API v4, emoji version 3, ActionCable at {root}/cable, anonymous', () => {
    page.gon = { relative_url_root: '/forge' };
    const config = getPageConfig();
    expect([DEFAULT_API_VERSION, DEFAULT_EMOJI_VERSION]).toEqual(['v4', 3]);
    expect(config).toMatchObject({ apiVersion: 'v4', emojiVersion: 3, actionCableUrl: '/forge/cable' });
    expect(config.csrfToken).toBeUndefined();
    expect(isSignedIn(config)).toBe(false);
  });

  it('reads the CSRF token again on every use (a page may get a new one)', () => {
    const config = getPageConfig();
    expect(config.csrfToken).toBeUndefined();
    document.head.innerHTML = '<meta name="csrf-token" content="fresh">';
    expect(getPageConfig().csrfToken).toBe('fresh');
  });

  it('prefers values given with configurePage, until resetPageConfig', () => {
    page.gon = { api_version: 'v4', current_user_id: 1 };
    configurePage({ apiVersion: 'v5', csrfToken: 'given' });
    expect(getPageConfig()).toMatchObject({ apiVersion: 'v5', csrfToken: 'given', currentUserId: 1 });
    resetPageConfig();
    expect(getPageConfig().apiVersion).toBe('v4');
  });
});

describe('withRelativeRoot', () => {
  it('prefixes paths once and leaves absolute URLs alone', () => {
    configurePage({ relativeUrlRoot: '/forge' });
    expect(withRelativeRoot('/api/v4/user')).toBe('/forge/api/v4/user');
    expect(withRelativeRoot('api/v4/user')).toBe('/forge/api/v4/user');
    expect(withRelativeRoot('/forge/api/v4/user')).toBe('/forge/api/v4/user');
    expect(withRelativeRoot('https://other.test/x')).toBe('https://other.test/x');
    expect(withRelativeRoot('//cdn.test/x')).toBe('//cdn.test/x');
  });
});
