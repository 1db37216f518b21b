/**
 * A bare path, `/{path}`: GitLab's URL of a user (`/amara`), a group (`/atlas`, also at
 * `/groups/atlas`) and a project (`/atlas/router`). The loader asks the API which one it is,
 * most specific first, and the page renders as that page (`data-page` `projects:show`,
 * `groups:show` or `users:show`).
 */
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { projectPathOf } from '../../routing.ts';
import * as group from '../groups/show.tsx';
import * as project from '../projects/show.tsx';
import * as user from '../users/show.tsx';

/** What a namespace path can be, in the order it is tried. */
const KINDS = { project, group, user } as const;
type Kind = keyof typeof KINDS;

/** `load` of each kind answers `null` when the path is not one of its own. */
export async function loader(args: LoaderFunctionArgs) {
  const fullPath = projectPathOf(args.params);
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const found = await KINDS[kind].load(args, fullPath);
    if (found) return { kind, pageId: KINDS[kind].PAGE_ID, found };
  }
  throw data(null, { status: 404 });
}

export function Component() {
  const { kind } = useLoaderData<typeof loader>();
  const { View } = KINDS[kind];
  return <View />;
}
