// The default data adapters: every adapter of the data-bound components built on the REST and
// GraphQL clients, for one `<DataProvider adapters={createDefaultAdapters()}>` around a page.
// The adapter interfaces belong to the components; they are imported here as types only.
import type {
  CreatedLabel,
  DataAdapters,
  LabelCreation,
  LabelOwner,
  NewLabel,
} from '../../components/DataProvider/DataProvider';
import type { MarkdownPreviewResult } from '../../markdown/MarkdownEditor/useMarkdownPreview';
import { createGroupLabel } from '../rest/api/groups';
import { dismissBroadcastMessage, dismissCallout } from '../rest/api/general';
import { previewMarkdown } from '../rest/api/markdown';
import { clientOf, path, type ApiOptions } from '../rest/api/shared';
import type { RestClient } from '../rest/request';
import { createCustomEmojiFetcher, type ApolloClientSource } from './customEmoji';
import { fetchReferencePreview } from './references';
import { fetchPopoverUser, fetchUserProjects, saveUserStatus, setFollowing } from './users';

/** Options of {@link createDefaultAdapters}. */
export interface DefaultAdaptersOptions {
  /** The REST client to send with (server rendering, tests, another origin). @default restClient */
  client?: RestClient;
  /**
   * The Apollo Client for GraphQL (custom emoji), or a function returning it. @default one made with
   * `createApolloClient()` on first use (Apollo is loaded only then)
   */
  apolloClient?: ApolloClientSource;
  /**
   * Error tracking, for failures the user is not shown (spec section 8: "Failed broadcast dismissal
   * is reported to error tracking"). @default console.error
   */
  reportError?: (error: unknown) => void;
}

/** Every adapter of `DataAdapters`, all present. */
export type DefaultAdapters = Required<DataAdapters>;

/**
 * The Markdown preview through the editor's preview URL, keeping the last text and its response
 * (spec section 4: identical text does not call the server again). A request on its way for the
 * same text is shared; a failed one is forgotten, so the next try asks again.
 */
function cachedPreview(options: ApiOptions) {
  let last: { previewUrl: string; text: string; result: Promise<MarkdownPreviewResult> } | undefined;
  return (text: string, previewUrl: string): Promise<MarkdownPreviewResult> => {
    if (last?.previewUrl === previewUrl && last.text === text) return last.result;
    const result = previewMarkdown(previewUrl, text, options).then((response) => response.data);
    const entry = { previewUrl, text, result };
    last = entry;
    result.catch(() => {
      if (last === entry) last = undefined;
    });
    return result;
  };
}

/**
 * Creates a label as GitLab's `Api.newLabel` does: a project label through the project's labels
 * page (`/{namespace}/{project}/-/labels` with `{ label: { title, color } }`), a group label through
 * the API (`groups/{path}/labels` with `name` and `color`). A refusal resolves with the server's
 * error body (spec section 8); only a failure without a response rejects.
 */
async function createLabel(owner: LabelOwner, label: NewLabel, options: ApiOptions): Promise<LabelCreation> {
  try {
    if (owner.projectPath !== undefined) {
      // The namespace may have several segments (`group/sub`): each is encoded, the slashes stay.
      const namespace = owner.namespacePath.split('/').map(encodeURIComponent).join('/');
      const url = `/${namespace}${path`/${owner.projectPath}/-/labels`}`;
      const { data } = await clientOf(options).post<CreatedLabel>(url, { label }, options);
      return { status: 'created', label: data };
    }
    const { title, ...rest } = label;
    const { data } = await createGroupLabel(owner.namespacePath, { ...rest, name: title }, options);
    return {
      status: 'created',
      label: {
        id: data.id,
        title: data.name,
        color: data.color,
        text_color: data.text_color,
        description: data.description,
      },
    };
  } catch (error) {
    const body = (error as { body?: unknown } | null)?.body;
    if (body === undefined) throw error;
    return { status: 'failed', error: body };
  }
}

/**
 * Every data adapter of the components, built on forgekit/client: user popovers (GET users/{id}
 * and its status), follow and unfollow, reference previews, the Markdown preview (last text and
 * response cached), custom emoji (getCustomEmoji through Apollo, loaded on first use), broadcast
 * message and callout dismissal, label creation, a user's projects and the status form's PATCH
 * `user/status`. Pass the result to `DataProvider`; override single adapters by spreading.
 */
export function createDefaultAdapters(options: DefaultAdaptersOptions = {}): DefaultAdapters {
  const api: ApiOptions = options.client ? { client: options.client } : {};
  const reportError = options.reportError ?? ((error: unknown) => console.error(error));
  return {
    fetchUser: (mention) => fetchPopoverUser(mention, api),
    followUser: (userId, follow) => setFollowing(userId, follow, api),
    fetchReference: (reference) => fetchReferencePreview(reference, api),
    previewMarkdown: cachedPreview(api),
    fetchCustomEmoji: createCustomEmojiFetcher(options.apolloClient),
    dismissBroadcastMessage: (dismissalPath, payload) => dismissBroadcastMessage(dismissalPath, payload, api),
    reportError,
    dismissCallout: (endpoint, payload) => dismissCallout(endpoint, payload, api),
    createLabel: (owner, label) => createLabel(owner, label, api),
    fetchUserProjects: (userId, query) => fetchUserProjects(userId, query, api),
    updateUserStatus: saveUserStatus(api),
  };
}
