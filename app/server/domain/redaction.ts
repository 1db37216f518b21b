/**
 * Per-viewer redaction of stored HTML (GitLab's Banzai `ReferenceRedactor`): descriptions and notes
 * keep the HTML rendered when they were written, with reference links that carry their target's
 * title. A target can become unreadable later (an issue made confidential, a project made private),
 * so when such HTML is served, each issue or merge request link the viewer may not read is replaced
 * by the text that was written (`#12`), as GitLab does at view time.
 */

/** What marks a reference link in rendered HTML (`forgekit/markdown`'s renderer writes it). */
export const REFERENCE_MARKER = 'data-reference-type=';

/** The reference kinds redacted, with the attribute holding the target's database id. */
export const REDACTED_REFERENCES = { issue: 'data-issue', merge_request: 'data-merge-request' } as const;
export type RedactedReference = keyof typeof REDACTED_REFERENCES;

/** One reference link found in the HTML. */
export interface ReferenceTarget {
  type: RedactedReference;
  /** The target's database id. */
  id: number;
  /** Its project's id (`data-project`), when written. */
  projectId: number | null;
}

/**
 * An issue or merge request reference link. The renderer escapes every attribute value and the
 * link's text (no `>` in the opening tag, no element inside), so a link is matched whole here
 * without parsing the document (most stored HTML has no references and is returned untouched).
 */
const REFERENCE_LINK = /<a\s[^>]*?\bdata-reference-type="(issue|merge_request)"[^>]*>[^<]*<\/a>/g;

/** The value of `name` in an opening tag, still HTML-escaped (it is served as text as is). */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? match[1]! : null;
}

/**
 * The HTML with every issue or merge request link that `canRead` refuses replaced by its written
 * text (`data-original`). HTML without a reference marker is returned as is, without a lookup.
 */
export async function redactReferences<T extends string | null>(
  html: T,
  canRead: (target: ReferenceTarget) => Promise<boolean>,
): Promise<T> {
  if (!html?.includes(REFERENCE_MARKER)) return html;
  const links = [...html.matchAll(REFERENCE_LINK)];
  if (links.length === 0) return html;
  const verdicts = await Promise.all(
    links.map(([link, type]) => {
      const id = Number(attribute(link, REDACTED_REFERENCES[type as RedactedReference]));
      const project = attribute(link, 'data-project');
      if (!Number.isInteger(id) || id <= 0) return false;
      return canRead({ type: type as RedactedReference, id, projectId: project === null ? null : Number(project) });
    }),
  );
  let index = 0;
  const redacted = html.replace(REFERENCE_LINK, (link) => {
    const readable = verdicts[index++];
    if (readable) return link;
    return attribute(link, 'data-original') ?? link.slice(link.indexOf('>') + 1, -'</a>'.length);
  });
  return redacted as T;
}
