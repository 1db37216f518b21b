// forgekit/markdown/sandbox: the diagram sandbox page the shell serves at {root}/-/sandbox/mermaid
// (spec section 2). Import it only in that page's script: it loads Mermaid.
export {
  MERMAID_SECURE_KEYS,
  MERMAID_THEMES,
  mermaidSandboxConfig,
  mermaidSandboxHtml,
  readMermaidSandboxParams,
  startMermaidSandbox,
  type MermaidRenderer,
  type MermaidSandboxHandle,
  type MermaidSandboxHtmlOptions,
  type MermaidSandboxOptions,
  type MermaidSandboxParams,
} from './mermaidSandbox';
export { MERMAID_SANDBOX_PARAMS, MERMAID_SANDBOX_PATH } from '../pipeline/enhancers/mermaidConstants';
