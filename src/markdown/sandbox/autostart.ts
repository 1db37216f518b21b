// The diagram sandbox page's script as a self-contained classic script: starts the sandbox when
// loaded. Built into one file with Mermaid inlined (no module requests from the frame's opaque
// origin, so no CORS headers are needed): serve it with
// `mermaidSandboxHtml({ scriptUrl, scriptType: 'classic' })`.
import { startMermaidSandbox } from './mermaidSandbox';

startMermaidSandbox();
