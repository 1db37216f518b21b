import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { TOP_BAR_LABELS, TOP_BAR_LOGO_ANIMATING_CLASS, TOP_BAR_SEARCH_PARAM, TopBar } from '../src/components/TopBar';

describe('TopBar', () => {
  it('is a banner with a Main navigation holding the logo link home and the extra links', () => {
    render(<TopBar homeUrl="/forge/" links={<a href="/explore">Explore</a>} />);
    const banner = screen.getByRole('banner');
    expect(banner).toHaveAttribute('data-component', 'TopBar');
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Homepage' })).toHaveAttribute('href', '/forge/');
    expect(within(nav).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
  });

  it('has a labelled search box that GETs searchUrl with the text in `search` and the hidden scope', () => {
    render(<TopBar searchUrl="/search" searchParams={{ project_id: '7' }} searchDefaultValue="pipeline" />);
    const search = screen.getByRole('search');
    expect(search).toHaveAttribute('action', '/search');
    expect(search).toHaveAttribute('method', 'get');
    const input = within(search).getByRole('searchbox', { name: 'Search' });
    expect(input).toHaveAttribute('name', TOP_BAR_SEARCH_PARAM);
    expect(TOP_BAR_SEARCH_PARAM).toBe('search');
    expect(input).toHaveValue('pipeline');
    const form = search as HTMLFormElement;
    expect(Object.fromEntries(new FormData(form))).toEqual({ search: 'pipeline', project_id: '7' });
  });

  it('has no search box without searchUrl', () => {
    render(<TopBar />);
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('shows "Sign in" when there is no user, the user slot otherwise', () => {
    const { rerender } = render(<TopBar signInUrl="/users/sign_in?redirect_to_referer=yes" />);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/users/sign_in?redirect_to_referer=yes',
    );
    expect(TOP_BAR_LABELS.signIn).toBe('Sign in');
    rerender(<TopBar user={<button type="button">Ada</button>} />);
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ada' })).toBeInTheDocument();
  });

  it('gives the logo its animation class when the page unloads, and removes it when shown from the cache', () => {
    render(<TopBar />);
    const logo = screen.getByRole('link', { name: 'Homepage' });
    expect(logo).not.toHaveClass(TOP_BAR_LOGO_ANIMATING_CLASS);
    act(() => {
      fireEvent(window, new Event('beforeunload'));
    });
    expect(logo).toHaveClass(TOP_BAR_LOGO_ANIMATING_CLASS);
    act(() => {
      fireEvent(window, Object.assign(new Event('pageshow'), { persisted: false }));
    });
    expect(logo).toHaveClass(TOP_BAR_LOGO_ANIMATING_CLASS);
    act(() => {
      fireEvent(window, Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(logo).not.toHaveClass(TOP_BAR_LOGO_ANIMATING_CLASS);
  });

  it('isLogoAnimating overrides the automatic state', () => {
    render(<TopBar isLogoAnimating />);
    expect(screen.getByRole('link', { name: 'Homepage' })).toHaveClass(TOP_BAR_LOGO_ANIMATING_CLASS);
  });

  it('takes translated labels and passes className and props to the header', () => {
    render(
      <TopBar
        className="mine"
        data-testid="bar"
        searchUrl="/search"
        labels={{ home: 'Accueil', navigation: 'Principal', search: 'Rechercher', signIn: 'Se connecter' }}
      />,
    );
    expect(screen.getByTestId('bar')).toHaveClass('fk-top-bar', 'mine');
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accueil' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
  });
});
