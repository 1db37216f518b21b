export { NavTabs, type NavTabItem, type NavTabsProps } from './NavTabs';
