import clsx from 'clsx';
import { useEffect, useId, useState, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import { space } from '../../tokens/generated/tokens';
import { Icon } from '../Icon';
import { VisuallyHidden } from '../VisuallyHidden';
import './TopBar.css';

/** Texts, for translation: the logo link's name, the navigation landmark, the search label, the sign-in link. */
export const TOP_BAR_LABELS = { home: 'Homepage', navigation: 'Main', search: 'Search', signIn: 'Sign in' } as const;

/** The query parameter the search form sends its text in (GitLab's `/search?search=`). */
export const TOP_BAR_SEARCH_PARAM = 'search';

/**
 * Spec section 2: "The page logo gets an animation class on page unload." The class the logo link
 * gets from the moment the page starts unloading (`beforeunload`) until it is shown again from the
 * back/forward cache.
 */
export const TOP_BAR_LOGO_ANIMATING_CLASS = 'fk-top-bar__logo--animating';

/** The bar's height in px (`--fk-space-8`): the sticky-header offset of the page (see PageLayout). */
export const TOP_BAR_HEIGHT = space['8'];

export interface TopBarProps extends ComponentPropsWithoutRef<'header'> {
  /**
   * Where the logo links to.
   * @default '/'
   */
  homeUrl?: string;
  /**
   * The logo: decorative (the link is named by `labels.home`).
   * @default the tanuki icon
   */
  logo?: ReactNode;
  /**
   * Whether the logo plays its animation. Leave undefined for the bar to start it when the page
   * unloads (spec section 2) and stop it when the page comes back from the back/forward cache.
   */
  isLogoAnimating?: boolean;
  /** Extra links after the logo, inside the navigation landmark. */
  links?: ReactNode;
  /** Where the search form goes (a GET with the text in `search`). Without it there is no search box. */
  searchUrl?: string;
  /** Hidden fields sent with the search (a scope such as `{ project_id: '7' }`). */
  searchParams?: Readonly<Record<string, string>>;
  /** The search box's text at first (the current query on a results page). */
  searchDefaultValue?: string;
  /**
   * The end of the bar for a signed-in user: a `UserMenu`. Without it the bar shows the
   * "Sign in" link.
   */
  user?: ReactNode;
  /**
   * Where "Sign in" links to.
   * @default '/users/sign_in'
   */
  signInUrl?: string;
  /**
   * Texts, for translation.
   * @default TOP_BAR_LABELS
   */
  labels?: { home: string; navigation: string; search: string; signIn: string };
  ref?: Ref<HTMLElement>;
}

/**
 * The product's top bar (`<header>`): the logo linking home and any extra links in a navigation
 * landmark, a search box (a plain GET form, so it works before scripts load) and, at the end, the
 * user menu or a "Sign in" link. Its height is `TOP_BAR_HEIGHT`.
 */
export function TopBar({
  homeUrl = '/',
  logo,
  isLogoAnimating,
  links,
  searchUrl,
  searchParams,
  searchDefaultValue,
  user,
  signInUrl = '/users/sign_in',
  labels = TOP_BAR_LABELS,
  className,
  ref,
  ...rest
}: TopBarProps) {
  const isUnloading = useIsUnloading();
  const isAnimating = isLogoAnimating ?? isUnloading;
  const searchId = useId();
  return (
    <header {...rest} ref={ref} className={clsx('fk-top-bar', className)} data-component="TopBar">
      <nav className="fk-top-bar__nav" aria-label={labels.navigation} data-component="TopBar.Navigation">
        <a
          href={homeUrl}
          className={clsx('fk-top-bar__logo', isAnimating && TOP_BAR_LOGO_ANIMATING_CLASS)}
          data-component="TopBar.Logo"
          aria-label={labels.home}
        >
          {logo ?? <Icon name="tanuki" size={24} />}
        </a>
        {links ? <div className="fk-top-bar__links">{links}</div> : null}
      </nav>
      {searchUrl ? (
        <form
          className="fk-top-bar__search"
          data-component="TopBar.Search"
          role="search"
          action={searchUrl}
          method="get"
        >
          <VisuallyHidden>
            <label htmlFor={searchId}>{labels.search}</label>
          </VisuallyHidden>
          <Icon name="search" className="fk-top-bar__search-icon" />
          <input
            id={searchId}
            className="fk-top-bar__search-input"
            type="search"
            name={TOP_BAR_SEARCH_PARAM}
            defaultValue={searchDefaultValue}
            placeholder={labels.search}
            autoComplete="off"
          />
          {Object.entries(searchParams ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      ) : null}
      <div className="fk-top-bar__end" data-component="TopBar.End">
        {user ?? (
          <a href={signInUrl} className="fk-top-bar__sign-in" data-component="TopBar.SignIn">
            {labels.signIn}
          </a>
        )}
      </div>
    </header>
  );
}

/** True from `beforeunload` until the page is shown again from the back/forward cache. */
function useIsUnloading(): boolean {
  const [isUnloading, setUnloading] = useState(false);
  useEffect(() => {
    const start = () => setUnloading(true);
    const stop = (event: PageTransitionEvent) => {
      if (event.persisted) setUnloading(false);
    };
    window.addEventListener('beforeunload', start);
    window.addEventListener('pageshow', stop);
    return () => {
      window.removeEventListener('beforeunload', start);
      window.removeEventListener('pageshow', stop);
    };
  }, []);
  return isUnloading;
}
