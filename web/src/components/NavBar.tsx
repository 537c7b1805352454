import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { appName, logoUrl } from '../config';
import { useAuth } from '../lib/auth/hooks';
import { displayName, hasAdminAccess } from '../lib/auth/permissions';
import { useActiveProject } from '../lib/active-project';
import { paths } from '../paths';
import { Avatar } from './Avatar';
import { navDensity, navItems } from './nav-items';
import './navbar.css';

const linkClass = ({ isActive }: { isActive: boolean }) => `navbar__link${isActive ? ' is-active' : ''}`;

export function NavBar() {
  const { pathname } = useLocation();
  const { status, user } = useAuth();
  const { activeProject, clearActiveProject } = useActiveProject();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const menuId = useId();

  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  const items = navItems({ pathname, signedIn: !!user, isAdmin: hasAdminAccess(user), inOrg: !!user?.organization_id, activeProject });

  return (
    <header className={`navbar navbar--${navDensity(items, !!user)}`}>
      <div className="navbar__inner">
        <Link to={paths.home.getHref()} className="navbar__brand">
          <img className="navbar__logo" src={logoUrl} alt={appName} height={75} width={75} />
          <span className="navbar__name" aria-hidden="true">
            {appName}
          </span>
        </Link>

        <button
          type="button"
          className="navbar__toggle"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span />
          <span />
          <span />
        </button>

        <nav id={menuId} className={`navbar__links${menuOpen ? ' is-open' : ''}`} aria-label="Main">
          {items.map((item) => {
            const link = (
              <NavLink key={item.to} to={item.to} className={linkClass} end={item.to === paths.home.path} title={item.label}>
                <span className="navbar__label">{item.label}</span>
              </NavLink>
            );
            if (!item.activeProject) return link;
            return (
              <span key={item.to} className="navbar__project">
                {link}
                <button type="button" className="navbar__clear" aria-label="Clear the active project" title="Clear the active project" onClick={clearActiveProject}>
                  ×
                </button>
              </span>
            );
          })}
          {user && (
            <>
              <NavLink to={paths.profile.path} className={({ isActive }) => `${linkClass({ isActive })} navbar__profile`} title={displayName(user)}>
                <Avatar src={user.avatar_url} size={32} />
                <span className="navbar__username">{displayName(user)}</span>
              </NavLink>
              <a className="navbar__link navbar__logout" href={paths.api.logout}>
                Logout
              </a>
            </>
          )}
          {status === 'signedOut' && (
            <NavLink to={paths.login.getHref()} className={({ isActive }) => `${linkClass({ isActive })} navbar__login`}>
              Login
            </NavLink>
          )}
        </nav>
      </div>
    </header>
  );
}
