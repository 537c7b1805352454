import { paths } from '../../paths';

export interface AdminNavItem {
  to: string;
  label: string;
  /** Needed to see the entry and to open its page (dot-hierarchical). */
  permission: string;
  /** A page the server renders (not a React route): a plain link that loads it. */
  server?: boolean;
}

/** The admin side navigation, in order. A new admin page adds one line here and one route in app/router.tsx. */
export const adminNav: AdminNavItem[] = [
  { to: paths.admin.orgs.path, label: 'Organizations', permission: 'admin.orgs.view' },
  { to: paths.admin.users.path, label: 'Users', permission: 'admin.users.view' },
  { to: paths.admin.roles.path, label: 'Roles', permission: 'admin.roles.view' },
  { to: paths.admin.permissions.path, label: 'Permissions', permission: 'admin.permissions.view' },
  { to: paths.admin.subscriptions.path, label: 'Subscriptions', permission: 'admin.subscriptions.view' },
  { to: paths.admin.stripe.path, label: 'Stripe', permission: 'admin.stripe.view' },
  { to: paths.admin.rateCards.path, label: 'Rate Card', permission: 'admin.subscriptions.view' },
  { to: paths.admin.assistantComponents.path, label: 'Assistant Components', permission: 'admin.assistants.view' },
  { to: paths.admin.assistants.path, label: 'Assistants', permission: 'admin.assistants.view' },
  { to: paths.admin.apiTest.path, label: 'API Tester', permission: 'admin.apiTest' },
  { to: paths.admin.messages.path, label: 'Messages', permission: 'admin.messages.view' },
  { to: paths.admin.projections.path, label: 'Projections', permission: 'admin.projections.view' },
  { to: paths.admin.queues.path, label: 'Queues', permission: 'admin.projections.view', server: true },
];

/** The navigation entry a path belongs to (the longest matching one), if any. */
export function navItemFor(pathname: string, items: readonly AdminNavItem[] = adminNav): AdminNavItem | undefined {
  return items
    .filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}
