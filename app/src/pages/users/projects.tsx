/** `users:projects`: the projects tab of a user's profile at `/users/{username}/projects`. */
import { profileTabPage } from './profile.tsx';

export const { loader, Component } = profileTabPage('projects');
