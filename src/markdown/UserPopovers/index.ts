export { UserPopovers, type UserPopoversProps } from './UserPopovers';
