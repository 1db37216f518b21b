/** `users:show`: a user's profile at `/{username}` (reached through pages/namespaces/show.tsx). */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loadProfile, ProfileView, type ProfileData } from './profile.tsx';

export const PAGE_ID = 'users:show';

/** The profile of the user named `fullPath` with its overview, or `null` (a user's path is one segment). */
export async function load(args: LoaderFunctionArgs, fullPath: string): Promise<ProfileData | null> {
  if (fullPath.includes('/')) return null;
  return loadProfile(args, fullPath, 'overview');
}

export function View() {
  const { found } = useLoaderData() as { found: ProfileData };
  return <ProfileView data={found} />;
}
