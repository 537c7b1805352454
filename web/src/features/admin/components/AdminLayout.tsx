import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../../lib/auth/hooks';
import { hasAdminAccess, holds } from '../../../lib/auth/permissions';
import { normalizePath, paths } from '../../../paths';
import { adminNav, navItemFor } from '../nav';
import { NotAuthorized } from './NotAuthorized';
import '../admin.css';

/** /admin/*: the side navigation of the entries the user may open, and the page (or 'not authorized'). */
export default function AdminLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (!user || !hasAdminAccess(user)) return <NotAuthorized />;

  const items = adminNav.filter((item) => holds(user.permissions, item.permission));
  const path = normalizePath(pathname);
  if (path === paths.admin.root.getHref()) {
    const first = items.find((item) => !item.server);
    return first ? <Navigate to={first.to} replace /> : <NotAuthorized />;
  }
  const current = navItemFor(path);
  const allowed = !current || holds(user.permissions, current.permission);

  return (
    <div className="admin">
      <aside className="admin__side">
        <p className="admin__title">Administration</p>
        <nav className="admin__nav" aria-label="Admin">
          {items.map((item) =>
            item.server ? (
              <a key={item.to} href={item.to} className="admin__link">
                {item.label}
              </a>
            ) : (
              <NavLink key={item.to} to={item.to} className={({ isActive }) => `admin__link${isActive ? ' is-active' : ''}`}>
                {item.label}
              </NavLink>
            ),
          )}
        </nav>
      </aside>
      <section className="admin__content">{allowed ? <Outlet /> : <NotAuthorized />}</section>
    </div>
  );
}
