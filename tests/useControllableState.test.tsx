import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useControllableState } from '../src/hooks';

describe('useControllableState', () => {
  it('is uncontrolled without a value: starts at the default and updates itself', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState({ defaultValue: false, onChange }));
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('is controlled with a value: reports changes but shows only what the owner passes', () => {
    const onChange = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useControllableState({ value, defaultValue: 0, onChange }), {
      initialProps: { value: 1 },
    });
    act(() => result.current[1]((n) => n + 1));
    expect(onChange).toHaveBeenCalledWith(2);
    expect(result.current[0]).toBe(1);
    rerender({ value: 2 });
    expect(result.current[0]).toBe(2);
  });

  it('compares two requests made before a render with each other, not with the rendered value', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState({ defaultValue: false, onChange }));
    act(() => {
      result.current[1](true);
      result.current[1](false);
    });
    expect(onChange.mock.calls).toEqual([[true], [false]]);
    expect(result.current[0]).toBe(false);
  });

  it('does not report a change to the same value', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState({ defaultValue: 'a', onChange }));
    act(() => result.current[1]('a'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('logs an error when a component switches from uncontrolled to controlled', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = renderHook(
      ({ value }: { value?: boolean }) => useControllableState({ value, defaultValue: false }),
      {
        initialProps: {},
      },
    );
    expect(error).not.toHaveBeenCalled();
    rerender({ value: true });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('changed from uncontrolled to controlled'));
    error.mockRestore();
  });
});
