// How the user last interacted (keyboard or pointer), for tooltips that show on keyboard focus but
// never on mouse focus alone. A few capture-phase listeners on the document, added when the first
// tooltip mounts (never at import time), shared by every tooltip on the page.

type Modality = 'keyboard' | 'pointer';

/** Unset until the first key or pointer press: focus then came from a script, which counts as visible. */
let modality: Modality | null = null;
let isTracking = false;

const MODIFIER_KEYS = new Set(['Control', 'Shift', 'Meta', 'Alt']);

function onKeyDown(event: KeyboardEvent): void {
  // A shortcut held with a modifier (Ctrl+C after a click) is not keyboard navigation.
  if (event.metaKey || event.ctrlKey || event.altKey || MODIFIER_KEYS.has(event.key)) return;
  modality = 'keyboard';
}

function onPointerDown(): void {
  modality = 'pointer';
}

/** Starts following the user's input (once per page; a no-op without a DOM). */
export function trackFocusModality(): void {
  if (isTracking || typeof document === 'undefined') return;
  isTracking = true;
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('pointerdown', onPointerDown, true);
  document.addEventListener('mousedown', onPointerDown, true);
}

/** Records pointer input that the listeners cannot see (a pointer entering an element). */
export function setPointerModality(): void {
  modality = 'pointer';
}

/** True when a focus now would be keyboard (or script) focus, not one caused by a pointer press. */
export function isFocusVisible(): boolean {
  return modality !== 'pointer';
}
