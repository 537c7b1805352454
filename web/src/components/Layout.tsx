import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { useAuthRedirects } from '../lib/auth/hooks';
import { useDocumentTitle, type RouteTitle } from '../lib/title';
import { normalizePath, paths } from '../paths';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

export function Layout() {
  useAuthRedirects();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const matches = useMatches();
  // The page's own route names the title; a page titled by its data (a project, a plan) sets it itself.
  useDocumentTitle((matches.at(-1)?.handle as RouteTitle | undefined)?.title);
  const showNavBar = normalizePath(pathname) !== paths.veterans.path;

  return (
    <div className="app-shell">
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      {showNavBar && <NavBar />}
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
