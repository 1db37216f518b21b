/** `users:followers`: the followers tab of a user's profile at `/users/{username}/followers`. */
import { profileTabPage } from './profile.tsx';

export const { loader, Component } = profileTabPage('followers');
