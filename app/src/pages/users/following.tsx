/** `users:following`: the following tab of a user's profile at `/users/{username}/following`. */
import { profileTabPage } from './profile.tsx';

export const { loader, Component } = profileTabPage('following');
