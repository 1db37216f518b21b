// The script of the stories' and browser tests' diagram sandbox page (mermaid.html next to it).
import { startMermaidSandbox } from '../../../src/markdown/sandbox';

startMermaidSandbox();
