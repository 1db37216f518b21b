import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';
import { DEV_SERVER_CORS } from '../scripts/sandboxCors.ts';
import { mermaidSandboxPlugin } from './mermaidSandboxPlugin.ts';

/**
 * Vite warns about chunks over 500 kB. The static guide's largest are Storybook's own runtime: the
 * preview (`storybook`, `@storybook/react`: 1,162 kB, 6 kB of it ours) and the docs blocks (750 kB).
 * Warned above that, so a chunk of ours growing past Storybook's still shows.
 */
const CHUNK_SIZE_WARNING_LIMIT_KB = 1_200;

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: { strictMode: true } },
  // The icon sprite is served next to the stories, as a product serves it next to its pages.
  staticDirs: [{ from: '../node_modules/@gitlab/svgs/dist', to: '/assets' }],
  // So is the Mermaid sandbox page, at the product's path ({root}/-/sandbox/mermaid), in dev and build.
  viteFinal: (config) =>
    mergeConfig(config, {
      plugins: [mermaidSandboxPlugin()],
      server: { cors: DEV_SERVER_CORS },
      build: { chunkSizeWarningLimit: CHUNK_SIZE_WARNING_LIMIT_KB },
    }),
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
};

export default config;
