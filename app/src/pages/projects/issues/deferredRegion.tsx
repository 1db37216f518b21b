/**
 * Regions of a page that hydrate on their own, after the rest of it (React's selective hydration):
 * a region's code is its own chunk, left out of the page's initial JavaScript. The server renders
 * the region in full (its loader preloaded the code, so no fallback is ever sent); in the browser
 * the region stays the server's HTML, not yet hydrated, while its chunk loads (from when `preload`
 * is called, or else from the moment hydration reaches it), and React hydrates it when the chunk
 * arrives. On a client-side navigation the loader preloads the code with the data, so the region
 * renders at once there too.
 *
 * React 19 does not replay a click on a region whose code has not arrived: it tries to hydrate the
 * region at once and, when it cannot, drops the event. So a region holds a click, a form submission
 * or a quick submit (Ctrl+Enter or Cmd+Enter) made meanwhile and replays it on the same element once
 * hydrated (hydration keeps the server's elements), and hands what was typed or chosen in its fields
 * meanwhile to their components.
 */
import { Suspense, lazy, useCallback, useEffect, useRef, type ComponentType } from 'react';

/** A region of a page whose code loads and hydrates after the page's own. */
export interface DeferredRegion<P extends object> {
  /** Renders the region: in full on the server; in the browser the server's HTML until it hydrates. */
  Region: ComponentType<P>;
  /** Loads the region's code (loaders call it, so a render never waits for it). */
  preload: () => Promise<unknown>;
}

/** Events that act on an element and would be lost before its region hydrates (key presses: `isHeldKey`). */
const HELD_EVENTS = ['click', 'submit', 'keydown'] as const;
/** Events of a field's value changing, which the field keeps: replayed as changes after hydration. */
const ENTRY_EVENTS = ['input', 'change'] as const;

/**
 * The key presses held: a quick submit (Enter with Ctrl alone or Cmd alone, as the library's editors
 * and forms read it), whose listener the field's component adds when it hydrates. Other keys act
 * by their default (typing, moving the caret), which is not held.
 */
function isHeldKey(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.isComposing || event.altKey || event.shiftKey) return false;
  return event.ctrlKey !== event.metaKey;
}

/** A thenable that calls back at once: `lazy` then renders a loaded module without suspending. */
function settled<T>(value: T): Promise<T> {
  // `lazy` only calls `then`, and does not use what it returns.
  return { then: (resolve: (value: T) => void) => resolve(value) } as unknown as Promise<T>;
}

/** Renders nothing; its effect runs once the region around it has hydrated (a boundary commits as a whole). */
function HydrationSignal({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/** Whether `node` lies between the `start` and `end` markers (siblings around the region). */
function isBetween(node: Node, start: Node, end: Node): boolean {
  return (
    (start.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 &&
    (end.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING) !== 0
  );
}

/** Fields whose value is text typed by the user (the others are set by a click or a choice). */
function isTextField(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  return field instanceof HTMLTextAreaElement || !NON_TEXT_INPUTS.has(field.type);
}
const NON_TEXT_INPUTS = new Set(['file', 'checkbox', 'radio', 'range', 'color']);

/**
 * Hands what was entered into `field` before hydration to its component. React's controlled text
 * fields remember the value they last saw on the element (read at hydration: the typed text), and
 * fire `onChange` only when the value differs from it: the field is set through its own property
 * first (which updates that memory), then to the typed text through the prototype's setter. A
 * chosen file or option is announced with a `change` event, which React reads as it is.
 */
function replayEntry(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) {
  if (field instanceof HTMLSelectElement || !isTextField(field)) {
    // A checkbox or radio is set by its click, which is replayed itself.
    if (field instanceof HTMLSelectElement || field.type === 'file')
      field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const typed = field.value;
  if (typed === field.defaultValue) return;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  field.value = field.defaultValue;
  setValue?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The init of a held click's replay: its position, button and modifier keys, `detail` 0. */
function replayedClick(event: MouseEvent): MouseEventInit {
  const { bubbles, cancelable, composed, clientX, clientY, screenX, screenY, button, buttons } = event;
  const { ctrlKey, shiftKey, altKey, metaKey } = event;
  return {
    ...{ bubbles, cancelable, composed, clientX, clientY, screenX, screenY, button, buttons },
    ...{ ctrlKey, shiftKey, altKey, metaKey, detail: 0 },
  };
}

/** The init of a held key press's replay: the same key and modifier keys. */
function replayedKey(event: KeyboardEvent): KeyboardEventInit {
  const { bubbles, cancelable, composed, key, code, location, repeat } = event;
  const { ctrlKey, shiftKey, altKey, metaKey } = event;
  return {
    ...{ bubbles, cancelable, composed, key, code, location, repeat },
    ...{ ctrlKey, shiftKey, altKey, metaKey },
  };
}

/** Replays `event` on its target, now that the target's region has hydrated. */
function replay(event: Event) {
  const target = event.target;
  if (!(target instanceof Element) || !target.isConnected) return;
  if (event.type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
  // A copy with the same position and modifier keys (a new event: the held one was dispatched), as
  // a virtual click (`detail` 0, as a keyboard or screen reader activation): the press that began
  // it reached no handler, and react-aria's press handling (menu triggers) takes a click without
  // its press only when it is virtual.
  else if (event instanceof MouseEvent) target.dispatchEvent(new MouseEvent(event.type, replayedClick(event)));
  else if (event instanceof KeyboardEvent) target.dispatchEvent(new KeyboardEvent(event.type, replayedKey(event)));
}

/** The performance mark a region sets when it has hydrated: `work item sidebar hydrated`. */
export function hydratedMark(name: string): string {
  return `${name} hydrated`;
}

/**
 * A region whose code `load` imports (`() => import('./Sidebar.tsx').then((module) => module.Sidebar)`),
 * rendered where `Region` is placed. `name` names its performance mark (`hydratedMark`).
 */
export function deferredRegion<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): DeferredRegion<P> {
  let loaded: ComponentType<P> | undefined;
  let request: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (request ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        request = undefined; // the next render tries again
        throw error;
      },
    ));
  const Content = lazy(() =>
    loaded ? settled({ default: loaded }) : preload().then((component) => ({ default: component })),
  );

  function Region(props: P) {
    // Two hidden markers around the region, hydrated with the page: what lies between them is the region.
    const start = useRef<HTMLSpanElement>(null);
    const end = useRef<HTMLSpanElement>(null);
    const isHydrated = useRef(false);
    const held = useRef<Event[]>([]);
    const entered = useRef(new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>());

    useEffect(() => {
      if (isHydrated.current) return;
      const inRegion = (target: EventTarget | null): target is Node =>
        target instanceof Node &&
        start.current !== null &&
        end.current !== null &&
        isBetween(target, start.current, end.current);
      const hold = (event: Event) => {
        if (isHydrated.current || !inRegion(event.target)) return;
        if (event instanceof KeyboardEvent && !isHeldKey(event)) return;
        // Before React's own listeners (on the document): they would drop it.
        event.preventDefault();
        event.stopImmediatePropagation();
        held.current.push(event);
      };
      const noteEntry = (event: Event) => {
        const field = event.target;
        if (
          !isHydrated.current &&
          inRegion(field) &&
          (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
        )
          entered.current.add(field);
      };
      for (const type of HELD_EVENTS) window.addEventListener(type, hold, { capture: true });
      for (const type of ENTRY_EVENTS) window.addEventListener(type, noteEntry, { capture: true });
      return () => {
        for (const type of HELD_EVENTS) window.removeEventListener(type, hold, { capture: true });
        for (const type of ENTRY_EVENTS) window.removeEventListener(type, noteEntry, { capture: true });
      };
    }, []);

    const onHydrated = useCallback(() => {
      isHydrated.current = true;
      performance.mark(hydratedMark(name));
      // Entries now: their updates render with this commit's (a later render of a controlled field
      // would put back the value it holds).
      for (const field of entered.current) replayEntry(field);
      entered.current.clear();
      // Held events once React has rendered those updates: until then a controlled field shows the
      // value it rendered before (a quick submit replayed at once read an empty comment box).
      queueMicrotask(() => {
        for (const event of held.current.splice(0)) replay(event);
      });
    }, []);

    return (
      <>
        <span hidden ref={start} />
        <Suspense fallback={null}>
          <Content {...props} />
          <HydrationSignal onHydrated={onHydrated} />
        </Suspense>
        <span hidden ref={end} />
      </>
    );
  }

  return { Region, preload };
}
