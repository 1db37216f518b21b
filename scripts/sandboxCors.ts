// The Mermaid sandbox page runs in `<iframe sandbox="allow-scripts allow-popups">`, whose origin is
// "null": its module requests to the dev server (Storybook, vitest browser mode) are cross-origin.
// Vite's default CORS allows localhost only; this adds the opaque origin. Dev servers only.
export const DEV_SERVER_CORS = {
  origin: [/^https?:\/\/(?:(?:[^:]+\.)?localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/, 'null'],
};
