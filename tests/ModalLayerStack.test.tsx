// The one module-level layer stack (src/components/Modal/layerStack.ts): order, depth, the top
// layer (closing layers keep their depth but are not on top), removal and change notifications.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeLayer,
  layerCount,
  layerDepth,
  openLayer,
  removeLayer,
  subscribeLayers,
  topLayer,
} from '../src/components/Modal/layerStack';

const opened: object[] = [];
function open(): object {
  const token = {};
  opened.push(token);
  openLayer(token);
  return token;
}

afterEach(() => {
  for (const token of opened.splice(0)) removeLayer(token);
});

describe('layer stack', () => {
  it('gives layers their depth in the order they open, the last open one on top', () => {
    const a = open();
    const b = open();
    const c = open();
    expect([a, b, c].map(layerDepth)).toEqual([0, 1, 2]);
    expect(topLayer()).toBe(c);
    expect(layerCount()).toBe(3);
    expect(layerDepth({})).toBe(-1);
  });

  it('keeps a closing layer’s depth but hands the top to the layer below', () => {
    const a = open();
    const b = open();
    closeLayer(b);
    expect(layerDepth(b)).toBe(1);
    expect(topLayer()).toBe(a);
    // Reopened while closing: on top again, at the same depth.
    openLayer(b);
    expect(topLayer()).toBe(b);
    expect(layerDepth(b)).toBe(1);
  });

  it('closes up the stack when a layer is removed', () => {
    const a = open();
    const b = open();
    const c = open();
    removeLayer(b);
    expect(layerDepth(c)).toBe(1);
    removeLayer(c);
    expect(topLayer()).toBe(a);
    removeLayer(a);
    expect(topLayer()).toBeUndefined();
    expect(layerCount()).toBe(0);
  });

  it('notifies subscribers of each change, and stops after unsubscribing', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLayers(listener);
    const a = open();
    openLayer(a); // already open: no change
    closeLayer(a);
    closeLayer(a); // already closing: no change
    removeLayer(a);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    open();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
