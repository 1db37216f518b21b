// Product references (#1, !1, &1, $1, %name, ~label, @name, SHAs, [work_item:1]) and emoji shortcodes
// (:name:), found in one pass over the text tokens of each inline block. Code spans, code blocks and
// math are separate tokens, so they are never scanned; link text is scanned for emoji only.
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { ON_COLOR_TEXT, readableTextColor } from '../../utils/contrast';
import { truncateSha } from '../../utils/text';
import { isValidColor } from '../../utils/validation';
import {
  MARKDOWN_MAX_EMOJI_NAME_LENGTH,
  MARKDOWN_MAX_QUOTED_NAME_LENGTH,
  MARKDOWN_MAX_REFERENCES,
  REFERENCE_TYPES,
} from './constants';
import { placeholder, textPlaceholder } from './fragments';
import type { MarkdownReference, ReferenceType, RenderState, ResolvedReference } from './types';
import { renderState } from './types';

// Every pattern below is linear: no quantified group can match the same text two ways (path
// segments are split by `/`, which they cannot contain; scoped label parts by `::`), quoted names
// and emoji names have a fixed maximum length, and the optional project path is matched
// atomically (lookahead capture plus backreference), so a failed sigil never backtracks into it.
const PATH = String.raw`[\w][\w.-]*(?:\/[\w][\w.-]*)*`;
const QUOTED = `"([^"\\n]{1,${MARKDOWN_MAX_QUOTED_NAME_LENGTH}})"`;
const NOT_AFTER = String.raw`(?<![\w.\/@#!&%~-])`;
// As GitLab: no letter, digit or colon right before or after (`std::vector:x:`, `10:30:45`).
const EMOJI = `(?<!:):(?<emoji>[a-z0-9_+-]{1,${MARKDOWN_MAX_EMOJI_NAME_LENGTH}}):(?![\\w:])`;
const REFERENCE =
  String.raw`(?:(?=(?<project>${PATH}))\k<project>)?(?:` +
  String.raw`(?<sigil>[#!&$])(?<iid>\d{1,15})(?!\w)` +
  `|%(?:${QUOTED.replace('(', '(?<mq>')}|(?<mw>[\\w.-]+))` +
  `|~(?:${QUOTED.replace('(', '(?<lq>')}|(?<lw>[\\w.?&-]+(?:::[\\w.?&-]+)*))` +
  `|@(?<at>${PATH}))` +
  String.raw`|(?<sha>[0-9a-fA-F]{7,40})(?!\w)` +
  String.raw`|\[work_item:(?:(?<wproject>${PATH})\/)?(?<wiid>\d{1,15})\]`;

/** References and emoji. */
const REFERENCES_AND_EMOJI = new RegExp(`${NOT_AFTER}(?:${REFERENCE}|${EMOJI})`, 'g');
/** Emoji only: link text, or no resolver. */
const EMOJI_ONLY = new RegExp(`${NOT_AFTER}${EMOJI}`, 'g');
const SHA = /^[0-9a-fA-F]{7,40}$/;
const TRAILING_DOTS = /\.+$/;
const LABEL_TRAILING = /[.?]+$/;

const SIGIL_TYPES: Record<string, ReferenceType> = { '#': 'issue', '!': 'merge_request', '&': 'epic', $: 'snippet' };

type Groups = Record<string, string | undefined>;

/**
 * Characters of the text the match really covers (trailing dots of names trimmed), or 0 when it
 * is no reference after all (`name@host`, `%.`).
 */
function matchLength(m: RegExpExecArray, g: Groups): number {
  const project = g.project?.length ?? 0;
  if (g.mw !== undefined) {
    const name = g.mw.replace(TRAILING_DOTS, '');
    return name ? project + 1 + name.length : 0;
  }
  if (g.lw !== undefined) {
    const name = g.lw.replace(LABEL_TRAILING, '');
    return name ? project + 1 + name.length : 0;
  }
  if (g.at !== undefined) {
    const name = g.at.replace(TRAILING_DOTS, '');
    return g.project && !SHA.test(name) ? 0 : project + 1 + name.length;
  }
  return m[0].length;
}

/** The reference a match of `text` (its trimmed source) stands for. */
function toReference(g: Groups, text: string): MarkdownReference {
  const { project } = g;
  const ref = (fields: Omit<MarkdownReference, 'text' | 'project'>): MarkdownReference =>
    project ? { ...fields, text, project } : { ...fields, text };
  // Names are read back from the trimmed text: `project` + sigil + name (+ quotes).
  const name = text.slice((project?.length ?? 0) + 1);
  if (g.sigil !== undefined) return ref({ type: SIGIL_TYPES[g.sigil] ?? 'issue', iid: Number(g.iid) });
  if (g.mq !== undefined) return ref({ type: 'milestone', name: g.mq });
  if (g.mw !== undefined) return ref({ type: 'milestone', name });
  if (g.lq !== undefined) return ref({ type: 'label', name: g.lq });
  if (g.lw !== undefined) return ref({ type: 'label', name });
  if (g.at !== undefined) return project ? ref({ type: 'commit', sha: name }) : ref({ type: 'user', name });
  if (g.sha !== undefined) return { type: 'commit', text, sha: g.sha };
  const workItem: MarkdownReference = { type: 'work_item', text, iid: Number(g.wiid) };
  if (g.wproject) workItem.project = g.wproject;
  return workItem;
}

/**
 * Index of the reference written as `text` in the batch, adding it if new; -1 once the cap is
 * reached. The text alone decides the type (the sigil does), so it is the key.
 */
function collect(state: RenderState, g: Groups, text: string): number {
  const known = state.referenceIndex.get(text);
  if (known !== undefined) return known;
  if (state.references.length >= MARKDOWN_MAX_REFERENCES) return -1;
  const index = state.references.push(toReference(g, text)) - 1;
  state.referenceIndex.set(text, index);
  return index;
}

function lookUpEmoji(state: RenderState, name: string) {
  const lookup = state.context.emoji;
  if (!lookup) return undefined;
  let found = state.emojiCache.get(name);
  if (found === undefined) {
    found = lookup(name) ?? null;
    state.emojiCache.set(name, found);
  }
  return found;
}

/** A reference or emoji inside a text token: characters [start, end) of its content. */
interface Span {
  start: number;
  end: number;
  /** Index of the reference in the batch. */
  reference?: number;
  emoji?: string;
}

/**
 * The references and emoji in `text`. They are recorded as spans on the text token (which becomes
 * a `gfm_text` token) instead of splitting it into new tokens: a thread with thousands of
 * mentions would otherwise allocate thousands of tokens.
 */
function findSpans(text: string, pattern: RegExp, state: RenderState): Span[] | undefined {
  let spans: Span[] | undefined;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const g: Groups = m.groups ?? {};
    const length = matchLength(m, g);
    if (!length) continue;
    const end = m.index + length;
    if (g.emoji !== undefined) {
      if (lookUpEmoji(state, g.emoji) !== null) (spans ??= []).push({ start: m.index, end, emoji: g.emoji });
    } else {
      const reference = collect(state, g, text.slice(m.index, end));
      if (reference >= 0) (spans ??= []).push({ start: m.index, end, reference });
    }
    // A trimmed match (`@user.`) gives back its tail to the text that follows. Set after the
    // emoji lookup: a lookup that renders Markdown itself reuses this regex.
    pattern.lastIndex = end;
  }
  return spans;
}

const HTML_LINK_OPEN = /^<a[\s>]/i;
const HTML_LINK_CLOSE = /^<\/a\s*>/i;

/** Core rule: finds references and emoji in text tokens (never in links, code or math). */
function gfmText(core: StateCore) {
  const state = renderState(core.env);
  if (!state) return;
  const outsideLinks = state.collectReferences ? REFERENCES_AND_EMOJI : EMOJI_ONLY;
  for (const block of core.tokens) {
    const children = block.type === 'inline' ? block.children : null;
    if (!children) continue;
    let linkDepth = 0;
    for (const token of children) {
      if (token.type === 'link_open') linkDepth++;
      else if (token.type === 'link_close') linkDepth = Math.max(0, linkDepth - 1);
      else if (token.type === 'html_inline') {
        if (HTML_LINK_OPEN.test(token.content)) linkDepth++;
        else if (HTML_LINK_CLOSE.test(token.content)) linkDepth = Math.max(0, linkDepth - 1);
      } else if (token.type === 'text') {
        const spans = findSpans(token.content, linkDepth > 0 ? EMOJI_ONLY : outsideLinks, state);
        if (spans) {
          token.type = 'gfm_text';
          token.meta = { spans };
        }
      }
    }
  }
}

const DATA_ID_ATTRIBUTE: Record<ReferenceType, string> = {
  issue: 'data-issue',
  work_item: 'data-work-item',
  merge_request: 'data-merge-request',
  epic: 'data-epic',
  milestone: 'data-milestone',
  label: 'data-label',
  user: 'data-user',
  group: 'data-group',
  commit: 'data-commit',
  snippet: 'data-snippet',
};
/** States GitLab writes after an issuable link's text. */
const SHOWN_STATES = new Set(['closed', 'merged']);
const ISSUABLES = new Set<ReferenceType>(['issue', 'work_item', 'merge_request', 'epic']);

const KNOWN_TYPES: ReadonlySet<string> = new Set(REFERENCE_TYPES);

/** ` name="value"` with the value escaped, or nothing for a missing or empty value. */
function attribute(md: MarkdownIt, name: string, value: unknown): string {
  return value === undefined || value === null || value === ''
    ? ''
    : ` ${name}="${md.utils.escapeHtml(String(value))}"`;
}

/**
 * The link for a resolved reference, or its text when unresolved or the URL is unsafe. Written
 * as one string (a thread renders hundreds of distinct references per document).
 */
function renderReference(md: MarkdownIt, source: string, index: number, state: RenderState): string {
  const { escapeHtml } = md.utils;
  const text = escapeHtml(source);
  const reference = state.references[index];
  const result: ResolvedReference | null | undefined = state.resolved[index];
  if (!reference || !result || typeof result.url !== 'string') return text;
  const href = md.normalizeLink(result.url);
  if (!md.validateLink(href)) return text;
  const type = result.type && KNOWN_TYPES.has(result.type) ? result.type : reference.type;
  const member = type === 'user' || type === 'group';
  const classes = `gfm gfm-${member ? 'project_member' : type}`;
  // The attributes after the class, in this order.
  let rest =
    attribute(md, 'title', result.title) +
    attribute(md, 'data-reference-type', type) +
    attribute(md, 'data-original', reference.text) +
    attribute(md, 'data-project', result.project ?? reference.project) +
    attribute(md, 'data-iid', reference.iid) +
    attribute(md, DATA_ID_ATTRIBUTE[type], result.id);
  if (type === 'user') rest += attribute(md, 'data-username', reference.name);
  let content = type === 'commit' && reference.sha ? text.replace(reference.sha, truncateSha(reference.sha)) : text;
  if (typeof result.state === 'string' && result.state) {
    rest += attribute(md, 'data-state', result.state);
    if (ISSUABLES.has(type) && SHOWN_STATES.has(result.state)) content += ` (${escapeHtml(result.state)})`;
  }
  const link = (classPrefix: string) => `<a${attribute(md, 'href', href)} class="${classPrefix}${classes}"${rest}`;
  if (type === 'label') return renderLabel(md, link, reference.name ?? source, result.color);
  return `${link('')}>${content}</a>`;
}

/** What separates a scoped label's scope from its name; split at the last one, as `<Label>` does. */
const SCOPED_LABEL_SEPARATOR = '::';

/**
 * A label reference drawn as the library's `<Label>` (its classes and data attributes, which are
 * its stable styling contract): a pill in the label's colour with readable text, scoped labels in
 * two parts. The link inside keeps the reference's attributes.
 */
function renderLabel(md: MarkdownIt, link: (classPrefix: string) => string, name: string, color: unknown): string {
  const escape = md.utils.escapeHtml;
  const at = name.lastIndexOf(SCOPED_LABEL_SEPARATOR);
  const scope = at > 0 ? name.slice(0, at) : '';
  const title = at > 0 ? name.slice(at + SCOPED_LABEL_SEPARATOR.length) : name;
  const scoped = scope !== '' && title !== '';
  const hasColor = isValidColor(color);
  const text = hasColor ? readableTextColor(color) : undefined;
  const root =
    `<span class="fk-label" data-component="Label" data-variant="${scoped ? 'scoped' : 'default'}"` +
    ` data-color="${hasColor ? 'custom' : 'neutral'}"` +
    (text
      ? ` data-text-color="${text}" style="background-color: ${escape(color as string)}; color: ${ON_COLOR_TEXT[text]};"`
      : '') +
    '>';
  const parts = scoped
    ? `<span class="fk-label__scope" data-component="Label.Scope">${escape(scope)}</span>` +
      `<span class="fk-label__name" data-component="Label.Name">${escape(title)}</span>`
    : `<span class="fk-label__name" data-component="Label.Name">${escape(name)}</span>`;
  return `${root}${link('fk-label__content ')} data-component="Label.Link">${parts}</a></span>`;
}

function renderEmoji(md: MarkdownIt, source: string, name: string, state: RenderState): string {
  const { escapeHtml } = md.utils;
  const emoji = lookUpEmoji(state, name);
  if (!emoji) return `<gl-emoji data-name="${escapeHtml(name)}">${escapeHtml(source)}</gl-emoji>`;
  const title = emoji.description ? ` title="${escapeHtml(emoji.description)}"` : '';
  const version = emoji.unicodeVersion ? ` data-unicode-version="${escapeHtml(emoji.unicodeVersion)}"` : '';
  return `<gl-emoji data-name="${escapeHtml(name)}"${title}${version}>${escapeHtml(emoji.unicode)}</gl-emoji>`;
}

/** A text token with references and emoji. Each distinct one is rendered once and reused. */
function renderGfmText(md: MarkdownIt, token: Token, state: RenderState | undefined): string {
  const { escapeHtml } = md.utils;
  const text = token.content;
  const { spans } = token.meta as { spans: Span[] };
  if (!state) return escapeHtml(text);
  let out = '';
  let last = 0;
  for (const span of spans) {
    const source = text.slice(span.start, span.end);
    const key = span.reference ?? `:${span.emoji}`;
    let html = state.rendered.get(key);
    if (html === undefined) {
      html =
        span.reference !== undefined
          ? renderReference(md, source, span.reference, state)
          : renderEmoji(md, source, span.emoji!, state);
      state.rendered.set(key, html);
    }
    out +=
      renderText(md, text.slice(last, span.start), state) +
      (state.fragments ? placeholder(state.fragments, key, html) : html);
    last = span.end;
  }
  return out + renderText(md, text.slice(last), state);
}

/** Text, escaped; sanitised in parts, a text placeholder (render/fragments.ts). */
export function renderText(md: MarkdownIt, text: string, state: RenderState | undefined): string {
  const html = md.utils.escapeHtml(text);
  return state?.fragments ? textPlaceholder(state.fragments, text, html) : html;
}

/** markdown-it plugin: references and emoji shortcodes. */
export function referencesPlugin(md: MarkdownIt) {
  // Before text_join: escaped characters (`\#1`) and entities are still separate tokens there,
  // so an escaped sigil never starts a reference.
  md.core.ruler.before('text_join', 'gfm_text', gfmText);
  md.renderer.rules.gfm_text = (tokens, idx, _options, env) => renderGfmText(md, tokens[idx]!, renderState(env));
  md.renderer.rules.text = (tokens, idx, _options, env) => renderText(md, tokens[idx]!.content, renderState(env));
}
