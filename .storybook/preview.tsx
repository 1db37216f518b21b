import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect, type ReactNode } from 'react';
import { configure } from 'storybook/test';
// story.css first: it declares the cascade layer order (story styles below forgekit's).
import '../stories/support/story.css';
import '../stories/support/fonts.css';
import '../src/tokens/generated/tokens.css';
import { IconSpriteProvider } from '../src/components/Icon';
import { COLOR_MODE_ATTRIBUTE, THEME_CLASS } from '../src/tokens';

type Theme = 'light' | 'dark' | 'side-by-side';

/** Sets the colour mode on <html> (as a product page does) and, side by side, scopes each half. */
function ThemeFrame({ theme, children }: { theme: Theme; children: ReactNode }) {
  const mode = theme === 'side-by-side' ? 'light' : theme;
  useEffect(() => {
    document.documentElement.setAttribute(COLOR_MODE_ATTRIBUTE, mode);
  }, [mode]);
  if (theme !== 'side-by-side') {
    return (
      <div className={`fk-story ${THEME_CLASS[mode]}`} data-fk-story={mode}>
        {children}
      </div>
    );
  }
  return (
    <div className="fk-story-split">
      {(['light', 'dark'] as const).map((half) => (
        <div key={half} className={`fk-story ${THEME_CLASS[half]}`} data-fk-story={half}>
          {children}
        </div>
      ))}
    </div>
  );
}

const withTheme: Decorator = (Story, context) => (
  <ThemeFrame theme={(context.globals.theme ?? 'light') as Theme}>
    <Story />
  </ThemeFrame>
);

const withIconSprite: Decorator = (Story) => (
  <IconSpriteProvider href="/assets/icons.svg">
    <Story />
  </IconSpriteProvider>
);

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withIconSprite, withTheme],
  globalTypes: {
    theme: {
      description: 'Colour mode',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
          { value: 'side-by-side', title: 'Side by side', icon: 'sidebyside' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  // Storybook's React renderer wraps each testing-library event in a synchronous act(). In a real
  // browser React flushes a discrete event's updates itself; the act around an event whose handler
  // starts asynchronous work (the emoji search, a title's save) made React warn "not wrapped in
  // act" and "suspended inside an act scope". Events are dispatched as a user's are, as the built
  // guide (a production build: Storybook uses no act there) always did; mounting keeps its act.
  beforeAll: () => {
    configure({ eventWrapper: (dispatch) => dispatch() });
  },
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i } },
    // An axe violation fails the story's test (light and dark projects). In the test run (the
    // vitest plugin defines VITEST_STORYBOOK) axe details only violations, which is all the test
    // reads: 8 % of the stories layer's time. The guide's panel keeps every passing node.
    a11y: {
      test: 'error',
      options: import.meta.env.VITEST_STORYBOOK === undefined ? {} : { resultTypes: ['violations'] },
    },
    options: { storySort: { order: ['Introduction', 'Tokens', 'Components'] } },
  },
};

export default preview;
