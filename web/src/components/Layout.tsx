import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { useAuthRedirects } from '../features/auth/hooks/use-auth-redirects';
import { normalizePath, paths } from '../paths';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

export function Layout() {
  useAuthRedirects();
  const { pathname } = useLocation();
  const navigation = useNavigation();
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
