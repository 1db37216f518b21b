import { act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addGlobalAlert,
  getGlobalAlerts,
  GLOBAL_ALERTS_STORAGE_KEY,
  removeGlobalAlert,
  setGlobalAlerts,
  showGlobalAlerts,
  type AlertHandle,
} from '../src/components/Alert';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let handles: AlertHandle[] = [];

async function showOn(page: string) {
  document.body.dataset.page = page;
  await act(async () => {
    handles = showGlobalAlerts();
  });
  return handles;
}

const stored = () => JSON.parse(sessionStorage.getItem(GLOBAL_ALERTS_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  sessionStorage.clear();
  container = document.createElement('div');
  container.className = 'flash-container';
  document.body.append(container);
});

afterEach(async () => {
  await act(async () => {
    for (const handle of handles) handle.dismiss();
  });
  handles = [];
  document.body.replaceChildren();
  delete document.body.dataset.page;
  vi.restoreAllMocks();
});

describe('global alerts storage', () => {
  it('stores the alerts in session storage under one fixed key, with the spec defaults', () => {
    expect(GLOBAL_ALERTS_STORAGE_KEY).toBe('forgekit:global-alerts');
    expect(setGlobalAlerts([{ id: 'saved', message: 'Project saved', variant: 'success' }])).toBe(true);
    expect(stored()).toEqual([
      { id: 'saved', message: 'Project saved', variant: 'success', dismissible: true, persistOnPages: [] },
    ]);
    expect(localStorage.getItem(GLOBAL_ALERTS_STORAGE_KEY)).toBeNull();
  });

  it('reads them back with defaults filled in, skipping broken entries', () => {
    sessionStorage.setItem(
      GLOBAL_ALERTS_STORAGE_KEY,
      JSON.stringify([{ id: 'a', message: 'A' }, { id: 7, message: 'bad id' }, 'junk', { id: 'b' }]),
    );
    expect(getGlobalAlerts()).toEqual([{ id: 'a', message: 'A', dismissible: true, persistOnPages: [] }]);
  });

  it('reads an empty list when nothing or non-JSON is stored', () => {
    expect(getGlobalAlerts()).toEqual([]);
    sessionStorage.setItem(GLOBAL_ALERTS_STORAGE_KEY, '{not json');
    expect(getGlobalAlerts()).toEqual([]);
  });

  it('setGlobalAlerts replaces; addGlobalAlert adds or replaces by id', () => {
    setGlobalAlerts([{ id: 'a', message: 'A' }]);
    setGlobalAlerts([{ id: 'b', message: 'B' }]);
    expect(getGlobalAlerts().map(({ id }) => id)).toEqual(['b']);
    addGlobalAlert({ id: 'c', message: 'C' });
    addGlobalAlert({ id: 'b', message: 'B2' });
    expect(getGlobalAlerts().map(({ id, message }) => [id, message])).toEqual([
      ['c', 'C'],
      ['b', 'B2'],
    ]);
  });

  it('removeGlobalAlert removes by id only', () => {
    setGlobalAlerts([
      { id: 'a', message: 'A' },
      { id: 'b', message: 'B' },
    ]);
    removeGlobalAlert('a');
    expect(getGlobalAlerts().map(({ id }) => id)).toEqual(['b']);
    removeGlobalAlert('b');
    expect(sessionStorage.getItem(GLOBAL_ALERTS_STORAGE_KEY)).toBeNull();
  });

  it('reports a full storage as false', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(setGlobalAlerts([{ id: 'a', message: 'A' }])).toBe(false);
  });
});

describe('showGlobalAlerts', () => {
  it('shows an alert without pages once, then forgets it', async () => {
    setGlobalAlerts([{ id: 'deleted', message: 'Project was deleted', variant: 'info', title: 'Done' }]);
    await showOn('dashboard:projects:index');
    const alert = within(container).getByRole('status');
    expect(alert).toHaveTextContent('Project was deleted');
    expect(alert).toHaveTextContent('Done');
    expect(alert).toHaveAttribute('data-variant', 'info');
    expect(getGlobalAlerts()).toEqual([]);
  });

  it('shows an alert with pages only on those pages, and keeps it stored', async () => {
    setGlobalAlerts([{ id: 'import', message: 'Import in progress', persistOnPages: ['projects:show'] }]);
    await showOn('projects:issues:index');
    expect(within(container).queryByRole('alert')).not.toBeInTheDocument();
    expect(getGlobalAlerts()).toHaveLength(1);

    await showOn('projects:show');
    expect(within(container).getByRole('alert')).toHaveTextContent('Import in progress');
    expect(getGlobalAlerts().map(({ id }) => id)).toEqual(['import']);
  });

  it('removes a dismissed alert from the container and from storage, by id', async () => {
    setGlobalAlerts([
      { id: 'one', message: 'First notice', persistOnPages: ['projects:show'] },
      { id: 'two', message: 'Second notice', persistOnPages: ['projects:show'] },
    ]);
    await showOn('projects:show');
    expect(within(container).getAllByRole('alert')).toHaveLength(2);
    const [firstDismiss] = within(container).getAllByRole('button', { name: 'Dismiss' });
    await userEvent.click(firstDismiss!);
    expect(within(container).getAllByRole('alert')).toHaveLength(1);
    expect(within(container).getByRole('alert')).toHaveTextContent('Second notice');
    expect(getGlobalAlerts().map(({ id }) => id)).toEqual(['two']);
  });

  it('honours dismissible: false', async () => {
    setGlobalAlerts([{ id: 'x', message: 'Read only mode', dismissible: false }]);
    await showOn('projects:show');
    expect(within(container).getByRole('alert')).toHaveTextContent('Read only mode');
    expect(within(container).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('keeps what the server rendered in the flash container', async () => {
    container.innerHTML = '<div class="server-flash">Signed in successfully.</div>';
    setGlobalAlerts([{ id: 'a', message: 'A' }]);
    await showOn('projects:show');
    expect(container.querySelector('.server-flash')).not.toBeNull();
  });

  it('leaves the alerts stored when the page has no flash container', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    container.remove();
    setGlobalAlerts([{ id: 'a', message: 'A' }]);
    expect(await showOn('projects:show')).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(getGlobalAlerts()).toHaveLength(1);
  });

  it('does nothing when nothing is stored', async () => {
    expect(await showOn('projects:show')).toEqual([]);
    expect(container.childElementCount).toBe(0);
  });
});
