// React UI the pipeline mounts inside rendered Markdown: placed by the caller, removed on dispose,
// and given the page's icon sprite although it is a separate React root.
// The islands are separate React roots rendered by library code: mounting and unmounting them is
// wrapped in act() so React applies the updates before the assertions (and warns about none).
import { act, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { Icon } from '../src/components/Icon';
import { mountIsland } from '../src/markdown/pipeline/reactIsland';
import type { EnhancerContext, RenderGfmOptions } from '../src/markdown/pipeline/types';

function contextFor(options: RenderGfmOptions) {
  const cleanups: (() => void)[] = [];
  const root = document.createElement('div');
  document.body.append(root);
  const context: EnhancerContext = {
    root,
    options,
    signal: new AbortController().signal,
    onDispose: (cleanup) => cleanups.push(cleanup),
    reportError: () => {},
  };
  return { context, root, dispose: () => cleanups.forEach((cleanup) => cleanup()) };
}

it('renders into the placed host, with the sprite from options.iconSpriteHref, and leaves on dispose', async () => {
  const { context, root, dispose } = contextFor({ iconSpriteHref: '/static/sprite-42.svg' });
  const island = await act(async () =>
    mountIsland(context, (host) => root.append(host), <Icon name="copy-to-clipboard" />, 'span'),
  );
  expect(island.host.localName).toBe('span');
  expect(island.host.parentElement).toBe(root);
  await waitFor(() =>
    expect(island.host.querySelector('use')).toHaveAttribute('href', '/static/sprite-42.svg#copy-to-clipboard'),
  );
  // The root unmounts in a microtask: an async act() covers it.
  await act(async () => dispose());
  expect(island.host.isConnected).toBe(false);
});

it('uses the default sprite without the option, and remove() is idempotent', async () => {
  const { context, root } = contextFor({});
  const island = await act(async () =>
    mountIsland(context, (host) => root.append(host), <Icon name="copy-to-clipboard" />),
  );
  await waitFor(() =>
    expect(island.host.querySelector('use')).toHaveAttribute('href', '/assets/icons.svg#copy-to-clipboard'),
  );
  await act(async () => {
    island.remove();
    island.remove();
  });
  expect(root.children).toHaveLength(0);
});
