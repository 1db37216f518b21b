/**
 * `GET {root}/-/sandbox/mermaid`: the diagram sandbox page (spec §2), framed by the product with
 * `sandbox="allow-scripts allow-popups"`. Its script is the library's sandbox entry
 * (`forgekit/markdown/sandbox`) bundled with Mermaid into one classic script on first request (the
 * frame's opaque origin cannot load modules without CORS), served beside it. A restrictive CSP
 * allows that one script, inline styles (Mermaid's SVG carries them) and images, nothing else.
 */
import type { FastifyInstance } from 'fastify';
import { MERMAID_SANDBOX_PATH, mermaidSandboxHtml } from 'forgekit/markdown/sandbox';
import { NO_QUERY } from '../api/v4/params.ts';

/** The sandbox script's path (below the relative root). */
export const SANDBOX_SCRIPT_PATH = `${MERMAID_SANDBOX_PATH}.js`;
/** The script is rebuilt only when the server restarts: browsers may keep it a day. */
export const SANDBOX_SCRIPT_MAX_AGE_SECONDS = 86_400;

/** The sandbox page's Content-Security-Policy; `origin` is the product's own. */
export function sandboxCsp(origin: string): string {
  return [
    "default-src 'none'",
    `script-src ${origin}`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Bundles `startMermaidSandbox()` and Mermaid into one minified classic script (esbuild, once). */
async function buildSandboxScript(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: {
      contents: "import { startMermaidSandbox } from 'forgekit/markdown/sandbox';\nstartMermaidSandbox();\n",
      resolveDir: new URL('.', import.meta.url).pathname,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** The sandbox page and its script. */
export async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  let script: Promise<string> | undefined;
  const root = app.relativeUrlRoot;

  app.get(
    MERMAID_SANDBOX_PATH,
    { schema: { querystring: NO_QUERY }, config: { publicFile: true } },
    async (request, reply) => {
      const origin = `${request.protocol}://${request.host}`;
      return reply
        .header('content-security-policy', sandboxCsp(origin))
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(mermaidSandboxHtml({ scriptUrl: `${root}${SANDBOX_SCRIPT_PATH}`, scriptType: 'classic' }));
    },
  );

  app.get(
    SANDBOX_SCRIPT_PATH,
    { schema: { querystring: NO_QUERY }, config: { publicFile: true } },
    async (_request, reply) => {
      script ??= buildSandboxScript().catch((error: unknown) => {
        script = undefined; // the next request tries again
        throw error;
      });
      return reply
        .header('cache-control', `public, max-age=${SANDBOX_SCRIPT_MAX_AGE_SECONDS}`)
        .header('x-content-type-options', 'nosniff')
        .type('text/javascript; charset=utf-8')
        .send(await script);
    },
  );
}
