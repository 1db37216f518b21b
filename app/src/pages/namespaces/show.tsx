/**
 * A bare path, `/{path}`: GitLab's URL of a user (`/amara`), a group (`/atlas`, also at
 * `/groups/atlas`) and a project (`/atlas/router`). The loader asks the API which one it is,
 * most specific first, and the page renders as that page (`data-page` `projects:show`,
 * `groups:show` or `users:show`). Each kind is its own chunk: a user's profile does not carry the
 * project overview's code. The server preloads the chunk of the kind it rendered (its page id), and
 * the browser entry loads it before hydrating (`preloadView`); after a client navigation the view
 * suspends until its chunk is there.
 */
import { Suspense, use, type ComponentType } from 'react';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { projectPathOf } from '../../routing.ts';

/** What a kind's module offers: its page id, its loader (`null` when the path is not its own), its view. */
interface KindModule {
  PAGE_ID: string;
  load: (args: LoaderFunctionArgs, fullPath: string) => Promise<unknown>;
  View: ComponentType;
}

/** What a namespace path can be, in the order it is tried. */
const KINDS = {
  project: () => import('../projects/show.tsx'),
  group: () => import('../groups/show.tsx'),
  user: () => import('../users/show.tsx'),
} as const satisfies Record<string, () => Promise<KindModule>>;
type Kind = keyof typeof KINDS;

/** Each kind's module once loaded (so a render after the loader, or a later visit, does not suspend). */
const loaded = new Map<Kind, KindModule>();
const loading = new Map<Kind, Promise<KindModule>>();
function loadKind(kind: Kind): Promise<KindModule> {
  let request = loading.get(kind);
  if (!request) {
    request = KINDS[kind]().then(
      (module) => {
        loaded.set(kind, module);
        return module;
      },
      (error: unknown) => {
        loading.delete(kind); // a failed chunk load may be retried
        throw error;
      },
    );
    loading.set(kind, request);
  }
  return request;
}

/** `load` of each kind answers `null` when the path is not one of its own. */
export async function loader(args: LoaderFunctionArgs) {
  const fullPath = projectPathOf(args.params);
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const module = await loadKind(kind);
    const found = await module.load(args, fullPath);
    if (found) return { kind, pageId: module.PAGE_ID, found };
  }
  throw data(null, { status: 404 });
}

/** Before hydration: the server-rendered kind's view, so the page hydrates at once, not later in Suspense. */
export function preloadView(loaderData: unknown): Promise<unknown> | undefined {
  const kind = (loaderData as { kind?: Kind } | undefined)?.kind;
  return kind && kind in KINDS ? loadKind(kind) : undefined;
}

function KindView({ kind }: { kind: Kind }) {
  const { View } = loaded.get(kind) ?? use(loadKind(kind));
  return <View />;
}

export function Component() {
  const { kind } = useLoaderData<typeof loader>();
  return (
    <Suspense>
      <KindView kind={kind} />
    </Suspense>
  );
}
