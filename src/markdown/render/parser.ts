// The markdown-it instances behind renderMarkdown: CommonMark + GFM (tables, strikethrough,
// autolinks, task lists, footnotes) + GitLab's additions. Built lazily, once.
import createMarkdownIt from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import { MARKDOWN_MAX_NESTING } from './constants';
import { fencesPlugin } from './fences';
import { footnotesPlugin } from './footnotes';
import { headingsPlugin } from './headings';
import { imagesPlugin } from './images';
import { blockquotesPlugin } from './blockquotes';
import { colorChipsPlugin } from './colorChips';
import { inlineDiffPlugin } from './inlineDiff';
import { linksPlugin } from './links';
import { mathPlugin } from './math';
import { referencesPlugin } from './references';
import { tagFilterPlugin } from './tagFilter';
import { taskListsPlugin } from './taskLists';

const WWW_START = /^www\./i;
const WWW_ANYWHERE = /www\./i;
/** A run that may be an extended autolink: up to white space or `<` (GFM). */
const LINK_RUN = /^[^\s<]+/;
const TRAILING_PUNCTUATION = /[?!.,:*_~]/;
/** Longest trailing `&name;` looked for (the longest HTML entity name is 31 characters). */
const MAX_ENTITY_LENGTH = 33;
const TRAILING_ENTITY = /&[a-z\d]+;$/i;
/** GFM's e-mail autolink: `+` only before the `@`, a dot in the domain, which ends in a letter or digit. */
const EMAIL_RUN = /^[\w.+-]+@[\w.-]+/;
const EMAIL = /^[\w.+-]+@[a-z\d_-]+(?:\.[a-z\d_-]+)+$/i;
const EMAIL_END = /[a-z\d]$/i;

type LinkifyMatch = ReturnType<MarkdownIt['linkify']['match']> extends (infer M)[] | null ? M : never;

/**
 * GFM's end of a `www.` autolink starting at `index`: everything up to white space or `<`, less
 * trailing punctuation, unbalanced `)` and a trailing entity (`www.a.com/q?x))+ok` is one link).
 */
function wwwLinkEnd(text: string, index: number): number {
  const link = LINK_RUN.exec(text.slice(index))?.[0] ?? '';
  let unbalanced = 0;
  for (const c of link) unbalanced += c === ')' ? 1 : c === '(' ? -1 : 0;
  let end = link.length;
  while (end > 0) {
    const last = link[end - 1]!;
    if (TRAILING_PUNCTUATION.test(last)) end--;
    else if (last === ')' && unbalanced > 0) {
      end--;
      unbalanced--;
    } else if (last === ';') {
      // Entities are short: look at most a few characters back.
      const entity = TRAILING_ENTITY.exec(link.slice(Math.max(0, end - MAX_ENTITY_LENGTH), end));
      if (!entity) break;
      end -= entity[0].length;
    } else break;
  }
  return index + end;
}

/** The e-mail address GFM would link at `index`, or undefined (`hello@mail+xyz.example` is none). */
function gfmEmail(text: string, index: number): string | undefined {
  let run = EMAIL_RUN.exec(text.slice(index))?.[0] ?? '';
  while (run.endsWith('.')) run = run.slice(0, -1);
  return EMAIL.test(run) && EMAIL_END.test(run) ? run : undefined;
}

/** A linkify-it match corrected to GFM's rules, or undefined when GFM would not link it. */
function toGfm(text: string, link: LinkifyMatch): LinkifyMatch | undefined {
  if (link.schema === 'mailto:' && !link.raw.toLowerCase().startsWith('mailto:')) {
    const email = gfmEmail(text, link.index);
    if (!email) return undefined;
    return { ...link, raw: email, text: email, url: `mailto:${email}`, lastIndex: link.index + email.length };
  }
  if (link.schema === '' && WWW_START.test(link.raw)) {
    const lastIndex = wwwLinkEnd(text, link.index);
    const raw = text.slice(link.index, lastIndex);
    return { ...link, raw, text: raw, url: `http://${raw}`, lastIndex };
  }
  return link;
}

/**
 * GFM autolinks: URLs with a scheme, `www.` addresses and e-mail addresses. linkify-it either
 * links no bare domains or all of them (`README.md` and `setup.py` would become links), and its
 * fuzzy search is its slowest regex. So the parser's own linkify (no fuzzy links) handles text
 * without `www.`; text with `www.` goes to a fuzzy instance whose bare-domain links not starting
 * with `www.` are dropped. `www.` and e-mail matches are then corrected to GFM's rules.
 */
function gfmAutolinks(md: MarkdownIt) {
  const strict = md.linkify;
  const fuzzy = createMarkdownIt().linkify.set({ fuzzyLink: true });
  const test = strict.test.bind(strict);
  const match = strict.match.bind(strict);
  strict.test = (text: string) => (WWW_ANYWHERE.test(text) ? fuzzy.test(text) : test(text));
  strict.match = (text: string) => {
    const links = WWW_ANYWHERE.test(text)
      ? (fuzzy.match(text) ?? []).filter((link) => link.schema !== '' || WWW_START.test(link.raw))
      : (match(text) ?? []);
    const result: LinkifyMatch[] = [];
    for (const link of links) {
      const gfm = toGfm(text, link);
      // A `www.` link that grew over the next match keeps it.
      if (gfm && gfm.index >= (result[result.length - 1]?.lastIndex ?? 0)) result.push(gfm);
    }
    return result;
  };
}

function createParser(): MarkdownIt {
  const md = createMarkdownIt('default', {
    html: true,
    linkify: true,
    typographer: false,
    breaks: false,
    maxNesting: MARKDOWN_MAX_NESTING,
  });
  gfmAutolinks(md);
  md.use(fencesPlugin)
    .use(mathPlugin)
    .use(footnotesPlugin)
    .use(taskListsPlugin)
    .use(blockquotesPlugin)
    // Before references: both run just before text_join, and diffs must split the text first.
    .use(inlineDiffPlugin)
    .use(referencesPlugin)
    .use(headingsPlugin)
    .use(imagesPlugin)
    .use(colorChipsPlugin)
    .use(linksPlugin)
    .use(tagFilterPlugin);
  return md;
}

let instance: MarkdownIt | undefined;

/** The parser. It allows raw HTML (minus the tag filter's tags), so its output must be sanitised. */
export function parser(): MarkdownIt {
  return (instance ??= createParser());
}
