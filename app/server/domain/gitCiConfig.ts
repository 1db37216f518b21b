/**
 * `.gitlab-ci.yml` (spec §9's pipeline file name) read into stages and jobs. No YAML library is
 * installed, so this reads a documented subset of YAML, enough for ordinary CI files:
 * block mappings and sequences by indentation, `[a, b]` flow sequences, plain, single- and
 * double-quoted scalars, `|` and `>` block scalars, and `#` comments. Anchors, aliases, merge
 * keys, tags, flow mappings and multiple documents are refused with a clear error (a real YAML
 * parser, the `yaml` package, would lift this limit).
 *
 * The CI semantics follow GitLab's: default stages `.pre, build, test, deploy, .post`; global
 * keywords are not jobs; hidden jobs (`.name`) are templates; a job needs `script`, `run` or
 * `trigger`; `stage` defaults to `test`; `when: never` jobs are not created; manual jobs may fail.
 */

/** The CI file a pipeline reads (spec §9). */
export const CI_CONFIG_FILE = '.gitlab-ci.yml';
/** GitLab's stages when the file declares none. */
export const DEFAULT_STAGES = ['.pre', 'build', 'test', 'deploy', '.post'] as const;
/** The stage of a job that names none. */
export const DEFAULT_STAGE = 'test';
/** Top-level keys that configure the pipeline rather than name jobs. */
export const GLOBAL_KEYWORDS = new Set([
  'image',
  'services',
  'stages',
  'types',
  'before_script',
  'after_script',
  'variables',
  'cache',
  'include',
  'default',
  'workflow',
  'spec',
]);
/** Values of `when` that create a job. */
export const JOB_WHEN = ['on_success', 'on_failure', 'always', 'manual', 'delayed'] as const;
export type JobWhen = (typeof JOB_WHEN)[number];

/** GitLab's messages for CI files it cannot use. */
export const CI_MESSAGES = {
  missing: 'Missing CI config file',
  noJobs: 'jobs config should contain at least one visible job',
  noScript: (job: string) => `jobs:${job} config should implement the script:, run:, or trigger: keyword`,
  unknownStage: (job: string, stage: string, stages: readonly string[]) =>
    `${job} job: chosen stage ${stage} does not exist; available stages are ${stages.join(', ')}`,
  badWhen: (job: string) => `jobs:${job} when should be one of: ${[...JOB_WHEN, 'never'].join(', ')}`,
  notMapping: 'Invalid configuration format',
  yaml: (line: number, reason: string) => `(${CI_CONFIG_FILE}): ${reason} at line ${line}`,
} as const;

/** A CI file that cannot be used: GitLab's message. */
export class CiConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CiConfigError';
  }
}

/** A YAML value of the subset. */
export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

interface Line {
  indent: number;
  text: string;
  number: number;
}

/** The first index from `start` where `matches` holds outside single or double quotes, or -1. */
function findOutsideQuotes(text: string, start: number, matches: (c: string, i: number) => boolean): number {
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (matches(c, i)) return i;
  }
  return -1;
}

/** Strips a trailing `# comment` that is outside quotes. */
function stripComment(text: string): string {
  const hash = findOutsideQuotes(text, 0, (c, i) => c === '#' && (i === 0 || /\s/.test(text[i - 1]!)));
  return (hash === -1 ? text : text.slice(0, hash)).trimEnd();
}

/** A scalar: quoted strings unquoted, `true`/`false`/`null`, numbers, else the plain text. */
function scalar(raw: string, line: number): YamlValue {
  const text = raw.trim();
  if (/^[&*!]|^<<\s*:/.test(text))
    throw new CiConfigError(CI_MESSAGES.yaml(line, 'anchors, aliases and tags are not supported'));
  if (text.startsWith('{')) throw new CiConfigError(CI_MESSAGES.yaml(line, 'flow mappings are not supported'));
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) throw new CiConfigError(CI_MESSAGES.yaml(line, 'unterminated flow sequence'));
    const inner = text.slice(1, -1).trim();
    return inner ? splitFlow(inner).map((item) => scalar(item, line)) : [];
  }
  if (text.startsWith('"')) {
    if (!text.endsWith('"') || text.length < 2) throw new CiConfigError(CI_MESSAGES.yaml(line, 'unterminated string'));
    return JSON.parse(text) as string;
  }
  if (text.startsWith("'")) {
    if (!text.endsWith("'") || text.length < 2) throw new CiConfigError(CI_MESSAGES.yaml(line, 'unterminated string'));
    return text.slice(1, -1).replace(/''/g, "'");
  }
  if (text === '' || text === '~' || text === 'null') return null;
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** Splits the inside of `[a, "b, c", d]` at top-level commas. */
function splitFlow(inner: string): string[] {
  const items: string[] = [];
  let start = 0;
  for (let comma = findOutsideQuotes(inner, 0, (c) => c === ','); comma !== -1;) {
    items.push(inner.slice(start, comma));
    start = comma + 1;
    comma = findOutsideQuotes(inner, start, (c) => c === ',');
  }
  items.push(inner.slice(start));
  return items.map((item) => item.trim()).filter(Boolean);
}

/** `key: value` split at the first `: ` (or a trailing `:`) outside quotes, else `null`. */
function splitKey(text: string): [string, string] | null {
  const colon = findOutsideQuotes(text, 0, (c, i) => c === ':' && (i === text.length - 1 || text[i + 1] === ' '));
  if (colon === -1) return null;
  const key = text.slice(0, colon).trim();
  return [/^["']/.test(key) ? String(scalar(key, 0)) : key, text.slice(colon + 1).trim()];
}

/** A recursive-descent reader over the significant lines. */
class Reader {
  private index = 0;
  constructor(
    private readonly lines: Line[],
    private readonly raw: string[],
  ) {}

  get done(): boolean {
    return this.index >= this.lines.length;
  }

  private peek(): Line | undefined {
    return this.lines[this.index];
  }

  /** The block starting at the current line, all of whose lines are indented `indent`. */
  block(indent: number): YamlValue {
    const first = this.peek();
    if (!first || first.indent < indent) return null;
    return first.text.startsWith('- ') || first.text === '-' ? this.sequence(first.indent) : this.mapping(first.indent);
  }

  private mapping(indent: number): YamlValue {
    const result: Record<string, YamlValue> = {};
    for (let line = this.peek(); line && line.indent === indent; line = this.peek()) {
      const pair = splitKey(line.text);
      if (!pair) throw new CiConfigError(CI_MESSAGES.yaml(line.number, 'expected a "key: value" line'));
      this.index++;
      result[pair[0]] = this.value(pair[1], indent, line);
    }
    this.assertDedent(indent);
    return result;
  }

  private sequence(indent: number): YamlValue {
    const result: YamlValue[] = [];
    for (let line = this.peek(); line && line.indent === indent && /^-( |$)/.test(line.text); line = this.peek()) {
      const rest = line.text.slice(1).trimStart();
      if (rest && splitKey(rest) && !/^["'[]/.test(rest)) {
        // `- key: value` starts a mapping item whose further keys line up with `key`.
        this.lines[this.index] = { ...line, indent: line.indent + line.text.length - rest.length, text: rest };
        result.push(this.mapping(this.lines[this.index]!.indent));
      } else {
        this.index++;
        result.push(this.value(rest, indent, line));
      }
    }
    this.assertDedent(indent);
    return result;
  }

  /** The value after `key:` or `-`: inline, a block scalar, or a nested block. */
  private value(inline: string, indent: number, line: Line): YamlValue {
    if (/^[|>][+-]?$/.test(inline)) return this.blockScalar(indent, inline.startsWith('>'), line);
    if (inline !== '') return scalar(inline, line.number);
    const next = this.peek();
    if (!next || next.indent <= indent) {
      // A sequence may sit at its key's own indentation (`script:\n- a`).
      if (next && next.indent === indent && /^-( |$)/.test(next.text) && !/^-( |$)/.test(line.text)) {
        return this.sequence(indent);
      }
      return null;
    }
    return this.block(next.indent);
  }

  /** `|` keeps newlines, `>` folds them into spaces. */
  private blockScalar(indent: number, folded: boolean, line: Line): string {
    const parts: string[] = [];
    let blockIndent = -1;
    let rawIndex = line.number; // the raw line after the indicator (numbers are 1-based)
    while (rawIndex < this.raw.length) {
      const raw = this.raw[rawIndex]!;
      const own = raw.length - raw.trimStart().length;
      if (raw.trim() !== '') {
        if (own <= indent) break;
        if (blockIndent === -1) blockIndent = own;
        if (own < blockIndent) break;
      }
      parts.push(raw.trim() === '' ? '' : raw.slice(blockIndent));
      rawIndex++;
    }
    while (this.peek() && this.peek()!.number <= rawIndex) this.index++;
    while (parts.length && parts.at(-1) === '') parts.pop();
    return folded ? `${parts.join(' ')}\n` : `${parts.join('\n')}\n`;
  }

  private assertDedent(indent: number): void {
    const next = this.peek();
    if (next && next.indent > indent) {
      throw new CiConfigError(CI_MESSAGES.yaml(next.number, 'unexpected indentation'));
    }
  }
}

/** Parses the YAML subset described above. */
export function parseYamlSubset(source: string): YamlValue {
  const raw = source.replace(/\r\n?/g, '\n').split('\n');
  const lines: Line[] = [];
  raw.forEach((text, i) => {
    if (/^\t/.test(text)) throw new CiConfigError(CI_MESSAGES.yaml(i + 1, 'tabs are not allowed for indentation'));
    if (/^(---|\.\.\.)\s*$/.test(text)) {
      if (lines.length) throw new CiConfigError(CI_MESSAGES.yaml(i + 1, 'multiple documents are not supported'));
      return;
    }
    const stripped = stripComment(text);
    if (stripped.trim() === '') return;
    lines.push({ indent: stripped.length - stripped.trimStart().length, text: stripped.trim(), number: i + 1 });
  });
  const reader = new Reader(lines, raw);
  const value = reader.block(0);
  if (!reader.done) throw new CiConfigError(CI_MESSAGES.yaml(lines.at(-1)!.number, 'unexpected content'));
  return value;
}

/** A job of the pipeline to create. */
export interface CiJob {
  name: string;
  stage: string;
  stageIndex: number;
  when: JobWhen;
  allowFailure: boolean;
  tags: string[];
}

/** A CI file's stages (in order, only those with jobs) and jobs. */
export interface CiConfig {
  stages: string[];
  jobs: CiJob[];
}

function isMapping(value: YamlValue | undefined): value is { [key: string]: YamlValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a `.gitlab-ci.yml` into stages and jobs; throws {@link CiConfigError} with GitLab's message. */
export function readCiConfig(source: string): CiConfig {
  const document = parseYamlSubset(source);
  if (!isMapping(document)) throw new CiConfigError(CI_MESSAGES.notMapping);
  const declared = document.stages ?? document.types;
  const stageNames = Array.isArray(declared)
    ? ['.pre', ...declared.map(String).filter((s) => s !== '.pre' && s !== '.post'), '.post']
    : [...DEFAULT_STAGES];
  const jobs: CiJob[] = [];
  for (const [name, definition] of Object.entries(document)) {
    if (GLOBAL_KEYWORDS.has(name) || name.startsWith('.')) continue;
    if (!isMapping(definition)) throw new CiConfigError(CI_MESSAGES.noScript(name));
    if (!('script' in definition) && !('run' in definition) && !('trigger' in definition)) {
      throw new CiConfigError(CI_MESSAGES.noScript(name));
    }
    const stage = definition.stage === undefined ? DEFAULT_STAGE : String(definition.stage);
    const stageIndex = stageNames.indexOf(stage);
    if (stageIndex === -1) throw new CiConfigError(CI_MESSAGES.unknownStage(name, stage, stageNames));
    const when = definition.when === undefined ? 'on_success' : String(definition.when);
    if (when === 'never') continue;
    if (!(JOB_WHEN as readonly string[]).includes(when)) throw new CiConfigError(CI_MESSAGES.badWhen(name));
    jobs.push({
      name,
      stage,
      stageIndex,
      when: when as JobWhen,
      // GitLab lets manual jobs fail unless told otherwise.
      allowFailure: definition.allow_failure === undefined ? when === 'manual' : definition.allow_failure === true,
      tags: Array.isArray(definition.tags) ? definition.tags.map(String) : [],
    });
  }
  if (jobs.length === 0) throw new CiConfigError(CI_MESSAGES.noJobs);
  const used = new Set(jobs.map((job) => job.stage));
  return { stages: stageNames.filter((stage) => used.has(stage)), jobs };
}
