import { useEffect } from 'react';

/**
 * While `isActive`, marks Escape presses as handled (`preventDefault`). react-aria's tooltip trigger
 * closes its overlay on Escape and stops the event, but leaves its default action, which under a
 * modal `<dialog>` is the browser's close request: one Escape would close the tooltip and the modal.
 */
export function useEscapeHandled(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault();
    };
    // On the window, capturing: before react-aria's listener on the document, whose closing of the
    // overlay removes this one before the same event would reach it.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [isActive]);
}
