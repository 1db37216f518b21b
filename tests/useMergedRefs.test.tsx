import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMergedRefs } from '../src/hooks';

function Box({ a, b }: { a?: React.Ref<HTMLDivElement>; b?: React.Ref<HTMLDivElement> }) {
  return <div ref={useMergedRefs(a, b)} data-testid="box" />;
}

describe('useMergedRefs', () => {
  it('sets object refs and calls callback refs with the node, then clears them on unmount', () => {
    const object = createRef<HTMLDivElement>();
    const callback = vi.fn();
    const { getByTestId, unmount } = render(<Box a={object} b={callback} />);
    expect(object.current).toBe(getByTestId('box'));
    expect(callback).toHaveBeenCalledWith(getByTestId('box'));
    unmount();
    expect(object.current).toBeNull();
    expect(callback).toHaveBeenLastCalledWith(null);
  });

  it('runs the cleanup a React 19 callback ref returns instead of calling it with null', () => {
    const cleanup = vi.fn();
    const callback = vi.fn(() => cleanup);
    const { unmount } = render(<Box a={callback} />);
    unmount();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
