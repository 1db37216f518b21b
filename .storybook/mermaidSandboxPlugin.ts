// The diagram sandbox page of the style guide, served as a product serves it: the library's page
// (`mermaidSandboxHtml`, classic script) with the sandbox and Mermaid bundled into one script, so
// the framed page (opaque origin) makes no module or font requests that would need CORS. The dev
// server (Storybook dev, the stories' vitest projects) answers it from memory; `storybook build`
// writes both files into the static guide, next to iframe.html, so any static host serves them.
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import type { mermaidSandboxHtml } from '../src/markdown/sandbox';

/** The folder the stories load the sandbox from (stories/markdown's STORY_SANDBOX_URL is in it). */
export const SANDBOX_DIRECTORY = '-/sandbox';
/** The page, relative to the guide's root. */
export const SANDBOX_PAGE = `${SANDBOX_DIRECTORY}/mermaid.html`;
/** The script, relative to the guide's root. */
export const SANDBOX_SCRIPT = `${SANDBOX_DIRECTORY}/mermaid.js`;

const here = import.meta.dirname;

/** Bundles the sandbox script and Mermaid into one minified classic script. */
async function buildScript(): Promise<string> {
  const result = await build({
    entryPoints: [`${here}/sandbox/mermaid.ts`],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/**
 * The library's `mermaidSandboxHtml`, loaded from source. Storybook loads this file with Node's own
 * module resolution, which does not resolve the library's extensionless imports: esbuild bundles
 * the module (Mermaid stays an unresolved lazy import, never called here) and Node imports that.
 */
async function loadSandboxHtml(): Promise<typeof mermaidSandboxHtml> {
  const result = await build({
    entryPoints: [`${here}/../src/markdown/sandbox/mermaidSandbox.ts`],
    bundle: true,
    format: 'esm',
    platform: 'node',
    external: ['mermaid'],
    write: false,
    logLevel: 'silent',
  });
  const source = Buffer.from(result.outputFiles[0]!.text).toString('base64');
  const module = (await import(`data:text/javascript;base64,${source}`)) as {
    mermaidSandboxHtml: typeof mermaidSandboxHtml;
  };
  return module.mermaidSandboxHtml;
}

/** The page: the library's sandbox HTML plus the fonts its text asks for, inlined as data: URLs. */
async function buildPage(): Promise<string> {
  const sandboxHtml = await loadSandboxHtml();
  const fonts = await build({
    entryPoints: [`${here}/sandbox/fonts.css`],
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'silent',
    // woff2 is inlined; the woff fallback (for browsers without woff2) is left out of the page.
    loader: { '.woff2': 'dataurl', '.woff': 'empty' },
  });
  const css = fonts.outputFiles[0]!.text;
  // A relative script URL: the page works wherever the guide is hosted, at any path.
  const html = sandboxHtml({ scriptUrl: 'mermaid.js', scriptType: 'classic' });
  return html.replace('</head>', `<style>${css}</style>\n</head>`);
}

// Built once per process and shared by every server (the light and dark story projects).
let files: Promise<{ page: string; script: string }> | undefined;
const sandboxFiles = () =>
  (files ??= Promise.all([buildPage(), buildScript()]).then(([page, script]) => ({ page, script })));

/** Serves (dev) or emits (build) `-/sandbox/mermaid.html` and `-/sandbox/mermaid.js`. */
export function mermaidSandboxPlugin(): Plugin {
  return {
    name: 'forgekit:story-mermaid-sandbox',
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const path = request.url?.split('?')[0];
        if (path !== `/${SANDBOX_PAGE}` && path !== `/${SANDBOX_SCRIPT}`) return next();
        try {
          const { page, script } = await sandboxFiles();
          const isPage = path === `/${SANDBOX_PAGE}`;
          response.setHeader('content-type', isPage ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8');
          response.end(isPage ? page : script);
        } catch (error) {
          next(error);
        }
      });
    },
    async generateBundle() {
      const { page, script } = await sandboxFiles();
      this.emitFile({ type: 'asset', fileName: SANDBOX_PAGE, source: page });
      this.emitFile({ type: 'asset', fileName: SANDBOX_SCRIPT, source: script });
    },
  };
}
