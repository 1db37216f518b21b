// The markdown-it instances behind renderMarkdown: CommonMark + GFM (tables, strikethrough,
// autolinks, task lists, footnotes) + GitLab's additions. Built lazily, once.
import createMarkdownIt from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import { MARKDOWN_MAX_NESTING } from './constants';
import { fencesPlugin } from './fences';
import { footnotesPlugin } from './footnotes';
import { headingsPlugin } from './headings';
import { imagesPlugin } from './images';
import { mathPlugin } from './math';
import { referencesPlugin } from './references';
import { tagFilterPlugin } from './tagFilter';
import { taskListsPlugin } from './taskLists';

const WWW_START = /^www\./i;
const WWW_ANYWHERE = /www\./i;

/**
 * GFM autolinks: URLs with a scheme, `www.` addresses and e-mail addresses. linkify-it either
 * links no bare domains or all of them (`README.md` and `setup.py` would become links), and its
 * fuzzy search is its slowest regex. So the parser's own linkify (no fuzzy links) handles text
 * without `www.`; text with `www.` goes to a fuzzy instance whose bare-domain links not starting
 * with `www.` are dropped.
 */
function gfmAutolinks(md: MarkdownIt) {
  const strict = md.linkify;
  const fuzzy = createMarkdownIt().linkify.set({ fuzzyLink: true });
  const test = strict.test.bind(strict);
  const match = strict.match.bind(strict);
  strict.test = (text: string) => (WWW_ANYWHERE.test(text) ? fuzzy.test(text) : test(text));
  strict.match = (text: string) =>
    WWW_ANYWHERE.test(text)
      ? (fuzzy.match(text) ?? []).filter((link) => link.schema !== '' || WWW_START.test(link.raw))
      : (match(text) ?? []);
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
    .use(referencesPlugin)
    .use(headingsPlugin)
    .use(imagesPlugin)
    .use(tagFilterPlugin);
  return md;
}

let instance: MarkdownIt | undefined;

/** The parser. It allows raw HTML (minus the tag filter's tags), so its output must be sanitised. */
export function parser(): MarkdownIt {
  return (instance ??= createParser());
}
