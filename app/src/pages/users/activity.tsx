/** `users:activity`: the activity tab of a user's profile at `/users/{username}/activity`. */
import { profileTabPage } from './profile.tsx';

export const { loader, Component } = profileTabPage('activity');
