/** `groups:show`: a group's overview (reached through pages/namespaces/show.tsx). */
import { api, type Group } from 'forgekit/client';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { clientFor, getOrNull } from '../../page.ts';
import { GroupLayout } from '../../layout/layouts.tsx';

export const PAGE_ID = 'groups:show';

/** The group at `fullPath`, or `null` when there is none the visitor can see. */
export async function load(args: LoaderFunctionArgs, fullPath: string): Promise<{ group: Group } | null> {
  const group = await getOrNull<Group>(clientFor(args), api`/groups/${fullPath}`);
  return group ? { group } : null;
}

export function View() {
  const { group } = (useLoaderData() as { found: { group: Group } }).found;
  return (
    <GroupLayout group={group} current="overview" title={group.full_name}>
      <h1>{group.name}</h1>
      {group.description ? <p>{group.description}</p> : null}
    </GroupLayout>
  );
}
