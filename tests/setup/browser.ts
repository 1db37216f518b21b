import '@testing-library/jest-dom/vitest';
import '../../stories/support/fonts.css';
import '../../src/tokens/generated/tokens.css';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { failOnReactWarnings } from '../support/reactWarnings';

// These tests drive React as a page does: real input from the browser, timers, lazy chunks, which
// act() cannot wrap. React's act environment is for simulated events; left on (Testing Library turns
// it on when imported), every real event's update printed a "not wrapped in act(...)" warning.
// Testing Library's render and act still turn it on around their own calls.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

// Registered before cleanup, so its check runs after it and also sees what unmounting prints.
failOnReactWarnings();

afterEach(() => cleanup());

// The `browser` project's files share one frame (vitest.config.ts). Each test starts as a freshly
// loaded page does: no URL fragment, scrolled to the top, and Tab going to the first focusable
// element wherever an earlier test left the focus navigation's starting point (a focused node
// removed keeps its place).
beforeEach(() => {
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  window.scrollTo(0, 0);
  const start = document.createElement('span');
  start.tabIndex = -1;
  document.body.prepend(start);
  start.focus();
  start.remove();
});
