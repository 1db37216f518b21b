// Real Chromium and keyboard: a button that starts loading on Enter keeps the focus (a disabled
// button would drop it to <body>), keeps its width and name, ignores Enter and Space until done,
// and Tab moves on from it as usual; Space toggles a selected button.
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../src/tokens/generated/tokens.css';
import { Button } from '../src/components/Button';

function Save({ onSave }: { onSave: () => void }) {
  const [isSaving, setSaving] = useState(false);
  return (
    <>
      <Button
        variant="confirm"
        loading={isSaving}
        onClick={() => {
          onSave();
          setSaving(true);
        }}
      >
        Save changes
      </Button>
      <Button onClick={() => setSaving(false)}>Done</Button>
    </>
  );
}

describe('Button in Chromium', () => {
  it('keeps the focus, the width and the name while loading, and ignores Enter and Space', async () => {
    const onSave = vi.fn();
    render(<Save onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save changes' });
    const width = save.getBoundingClientRect().width;

    await userEvent.keyboard('{Tab}');
    expect(save).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
    expect(save).toHaveFocus();
    expect(document.activeElement).not.toBe(document.body);
    expect(save.getBoundingClientRect().width).toBe(width);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBe(save);

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onSave).toHaveBeenCalledTimes(1);

    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => save.hasAttribute('aria-busy')).toBe(false);
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    await userEvent.keyboard(' ');
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('toggles aria-pressed with Space and Enter', async () => {
    function Bold() {
      const [bold, setBold] = useState(false);
      return <Button icon="bold" aria-label="Bold" selected={bold} onClick={() => setBold(!bold)} />;
    }
    render(<Bold />);
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  });
});
