import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createDefaultAdapters } from '../src/client/adapters';
import { createRestClient } from '../src/client/rest';
import { DataProvider } from '../src/components/DataProvider';
import { USER_STATUS_FORM_TEXTS, UserStatusForm } from '../src/components/UserStatusForm';
import { MarkdownEditor, renderMarkdown, type MarkdownReference, type ResolvedReference } from '../src/markdown';
import { STORY_EMOJI_OPTIONS, emojiStoreLoader } from './support/emojiStore';

/** A request the fake server answered, as the page's request log shows it. */
interface LoggedRequest {
  method: string;
  path: string;
  body?: unknown;
}

const ADA = {
  id: 7,
  username: 'ada',
  name: 'Ada Lovelace',
  state: 'active',
  avatar_url: null,
  web_url: '/ada',
  bio: 'Writes the analytical engine’s programs',
  location: 'London',
  public_email: null,
  website_url: '',
  pronouns: 'she/her',
  bot: false,
  work_information: 'Analytical Engine',
  is_followed: false,
  local_time: '3:42 PM',
};
const ISSUE = {
  title: 'Crash on save',
  state: 'opened',
  type: 'ISSUE',
  confidential: false,
  due_date: null,
  references: { short: '#12', relative: '#12', full: 'forge/forgekit#12' },
};

/** What the fake server's Markdown renderer links: @ada and #12. */
async function resolveReferences(refs: MarkdownReference[]): Promise<(ResolvedReference | null)[]> {
  return refs.map((ref) => {
    if (ref.type === 'user' && ref.text === '@ada') return { url: '/ada', id: 7, title: 'Ada Lovelace' };
    if (ref.type === 'issue' && ref.text === '#12') {
      return { url: '/forge/forgekit/-/issues/12', id: 112, project: 'forge/forgekit', title: ISSUE.title };
    }
    return null;
  });
}

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A stand-in for the product server, as a `fetch`: the real REST client and default adapters send
 * their real requests to it. It answers the calls this page makes and logs each one.
 */
function createFakeServer(log: (request: LoggedRequest) => void): typeof fetch {
  let status = { emoji: 'coffee', message: 'Reviewing', message_html: 'Reviewing', availability: 'not_set' };
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    log({ method, path: `${url.pathname}${url.search}`, body });
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v4/users/7':
        return json(ADA);
      case 'GET /api/v4/users/7/status':
        return json(status);
      case 'POST /api/v4/users/7/follow':
      case 'POST /api/v4/users/7/unfollow':
        return json(ADA, 201);
      case 'PATCH /api/v4/user/status':
        status = { ...status, ...(body as object) };
        return json(status);
      case 'POST /forge/forgekit/-/preview_markdown': {
        const { text } = body as { text: string };
        return json({
          body: await renderMarkdown(text, { resolveReferences }),
          references: { users: [], commands: '' },
        });
      }
      case 'GET /api/v4/projects/forge%2Fforgekit/issues/12':
        return json(ISSUE);
      default:
        return json({ message: '404 Not Found' }, 404);
    }
  };
}

/**
 * A product page wired with one provider: `createDefaultAdapters()` (here on a REST client whose
 * `fetch` is the fake server) hands every data-bound component below its adapter.
 */
function ProductPage() {
  const [requests, setRequests] = useState<LoggedRequest[]>([]);
  const adapters = useMemo(
    () =>
      createDefaultAdapters({
        client: createRestClient({ fetch: createFakeServer((request) => setRequests((list) => [...list, request])) }),
      }),
    [],
  );
  return (
    <DataProvider adapters={adapters}>
      <div style={{ display: 'grid', gap: 'var(--fk-space-6)', maxWidth: 560 }}>
        <section aria-labelledby="data-layer-status">
          <h3 id="data-layer-status">Your status</h3>
          <UserStatusForm defaultValue={{ emoji: 'coffee', message: 'Reviewing' }} initOptions={STORY_EMOJI_OPTIONS} />
        </section>
        <section aria-labelledby="data-layer-comment">
          <h3 id="data-layer-comment">Comment</h3>
          <MarkdownEditor
            label="Comment"
            defaultValue="Thanks @ada, this fixes #12."
            previewUrl="/forge/forgekit/-/preview_markdown"
            renderOptions={{ currentUser: { id: 1, username: 'grace' } }}
          />
        </section>
        <section aria-labelledby="data-layer-requests">
          <h3 id="data-layer-requests">Requests the page sent</h3>
          <ol aria-labelledby="data-layer-requests" style={{ fontFamily: 'var(--fk-font-family-mono)', fontSize: 12 }}>
            {requests.map((request, index) => (
              <li key={index}>
                {request.method} {request.path}
                {request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </DataProvider>
  );
}

const meta = {
  title: 'Data layer',
  component: ProductPage,
  loaders: [emojiStoreLoader],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ProductPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The page at work: saving the status sends only the changed message; the preview is requested
 * once for the same text; hovering #12 reads the issue through the REST API.
 */
export const ProductPageExample: Story = {
  name: 'Product page',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const log = () => canvas.getByRole('list', { name: 'Requests the page sent' }).textContent ?? '';

    const message = canvas.getByRole('textbox', { name: USER_STATUS_FORM_TEXTS.messageLabel });
    await userEvent.clear(message);
    await userEvent.type(message, 'In a workshop');
    await userEvent.click(canvas.getByRole('button', { name: USER_STATUS_FORM_TEXTS.submit }));
    await waitFor(() => expect(log()).toContain('PATCH /api/v4/user/status {"message":"In a workshop"}'));

    await userEvent.click(canvas.getByRole('button', { name: 'Preview' }));
    await canvas.findByRole('link', { name: /#12/ });
    await userEvent.click(canvas.getByRole('button', { name: 'Continue editing' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Preview' }));
    await expect(log().split('POST /forge/forgekit/-/preview_markdown').length - 1).toBe(1);

    await userEvent.hover(await canvas.findByRole('link', { name: /#12/ }));
    await expect(await body.findByRole('dialog', { name: 'Crash on save' })).toBeInTheDocument();
    await waitFor(() => expect(log()).toContain('GET /api/v4/projects/forge%2Fforgekit/issues/12'));
    // The popover closes again (Escape) before the screenshot.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Crash on save' })).toBeNull());
  },
};
