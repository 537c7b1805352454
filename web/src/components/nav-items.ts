import { isMarketingPath, paths } from '../paths';

export interface NavItem {
  to: string;
  label: string;
  /** The active project's link, which can be cleared from the bar. */
  activeProject?: boolean;
}

interface NavContext {
  pathname: string;
  signedIn: boolean;
  isAdmin: boolean;
  /** A member of an organization: its page is linked. */
  inOrg?: boolean;
  activeProject: { id: string; name: string } | null;
}

const marketing: NavItem[] = [
  { to: paths.about.path, label: 'About' },
  { to: paths.features.path, label: 'Features' },
  { to: paths.pricing.path, label: 'Pricing' },
  { to: paths.contact.path, label: 'Contact' },
];

/** The text links of the navigation bar (spec section 2); profile, logout and login are drawn apart. */
export function navItems({ pathname, signedIn, isAdmin, inOrg = false, activeProject }: NavContext): NavItem[] {
  if (isMarketingPath(pathname)) {
    return signedIn ? [...marketing, ...accountItems(isAdmin)] : marketing;
  }
  if (!signedIn) return [];
  const project = activeProject ? [{ to: paths.project.getHref(activeProject.id), label: activeProject.name, activeProject: true }] : [];
  return [
    { to: paths.projects.path, label: 'Projects' },
    { to: paths.advisors.path, label: 'Advisors' },
    { to: paths.support.path, label: 'Support' },
    ...(inOrg ? [{ to: paths.org.path, label: 'Organization' }, { to: paths.usage.path, label: 'Usage' }] : []),
    ...project,
    ...accountItems(isAdmin),
  ];
}

function accountItems(isAdmin: boolean): NavItem[] {
  const admin = isAdmin ? [{ to: paths.admin.root.getHref(), label: 'Admin' }] : [];
  return [{ to: paths.dashboard.path, label: 'Dashboard' }, ...admin];
}

/** How full the bar is beside the logo, which decides what gives way (navbar.css). */
export type NavDensity = 'roomy' | 'full' | 'crowded';

/**
 * The bar's room is the content's width, the same on a 1280 px screen as on a 1920 px one, so what it
 * shows depends on its links, not on the screen: a visitor's few links leave room for the brand's name
 * ('roomy'); a signed-in user's links close up and the brand's name gives way to the user's given name
 * ('full'); from eight links (an admin in an organization with an active project) the given name gives
 * way too ('crowded'), and is the avatar link's title.
 */
export function navDensity(items: readonly NavItem[], signedIn: boolean): NavDensity {
  if (!signedIn) return 'roomy';
  return items.length >= 8 ? 'crowded' : 'full';
}
