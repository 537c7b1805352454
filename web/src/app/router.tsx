import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { Loading } from '../components/Loading';
import { NotFound } from '../components/NotFound';
import { RequireAuth } from '../components/RequireAuth';
import LoginPage from '../features/login/components/LoginPage';
import AboutPage from '../features/public/components/AboutPage';
import ContactPage from '../features/public/components/ContactPage';
import FeaturesPage from '../features/public/components/FeaturesPage';
import InactivePage from '../features/public/components/InactivePage';
import LandingPage from '../features/public/components/LandingPage';
import VeteransPage from '../features/public/components/VeteransPage';
import { paths } from '../paths';

/** A route whose page is code-split: `{ path, lazy: page(() => import('...')) }`. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const publicRoutes: RouteObject[] = [
  { handle: { title: 'Home' }, index: true, Component: LandingPage },
  { handle: { title: 'Home' }, path: paths.homeAlias.path, Component: LandingPage },
  { handle: { title: 'About' }, path: paths.about.path, Component: AboutPage },
  { handle: { title: 'Features' }, path: paths.features.path, Component: FeaturesPage },
  { handle: { title: 'Contact' }, path: paths.contact.path, Component: ContactPage },
  { handle: { title: 'Pricing' }, path: paths.pricing.path, lazy: page(() => import('../features/pricing/components/PricingPage')) },
  { path: paths.subscribe.path, lazy: page(() => import('../features/pricing/components/SubscribePage')) },
  { handle: { title: 'Account not active' }, path: paths.inactive.path, Component: InactivePage },
  { handle: { title: 'Veterans Resources' }, path: paths.veterans.path, Component: VeteransPage },
  { handle: { title: 'Sign in' }, path: paths.login.path, Component: LoginPage },
  { path: paths.shared.path, lazy: page(() => import('../features/shared/components/SharedSessionPage')) },
  { handle: { title: 'Invitation' }, path: paths.join.path, lazy: page(() => import('../features/org/components/JoinPage')) },
];

const memberRoutes: RouteObject[] = [
  { handle: { title: 'Dashboard' }, path: paths.dashboard.path, lazy: page(() => import('../features/dashboard/components/DashboardPage')) },
  { handle: { title: 'Projects' }, path: paths.projects.path, lazy: page(() => import('../features/projects/components/ProjectsPage')) },
  { path: paths.project.path, lazy: page(() => import('../features/projects/components/ProjectPage')) },
  { handle: { title: 'Advisors' }, path: paths.advisors.path, lazy: page(() => import('../features/advisors/components/AdvisorsPage')) },
  { handle: { title: 'Support' }, path: paths.support.path, lazy: page(() => import('../features/support/components/SupportPage')) },
  { handle: { title: 'Organization' }, path: paths.org.path, lazy: page(() => import('../features/org/components/OrgPage')) },
  { handle: { title: 'Usage' }, path: paths.usage.path, lazy: page(() => import('../features/usage/components/UsagePage')) },
  { handle: { title: 'Profile' }, path: paths.profile.path, lazy: page(() => import('../features/profile/components/ProfilePage')) },
  { handle: { title: 'Thank you' }, path: paths.subscribed.path, lazy: page(() => import('../features/pricing/components/SubscribedPage')) },
  { handle: { title: 'Checkout' }, path: paths.checkoutSim.path, lazy: page(() => import('../features/billing/components/CheckoutSimPage')) },
  { handle: { title: 'Billing' }, path: paths.billingPortalSim.path, lazy: page(() => import('../features/billing/components/PortalSimPage')) },
];

/** Pages under /admin (relative paths), one line each; their side-navigation entries are in features/admin/nav.ts. */
const adminRoutes: RouteObject[] = [
  { handle: { title: 'Organizations' }, path: 'orgs', lazy: page(() => import('../features/admin/components/OrgsPage')) },
  { handle: { title: 'Users' }, path: 'users', lazy: page(() => import('../features/admin/components/UsersPage')) },
  { handle: { title: 'Roles' }, path: 'roles', lazy: page(() => import('../features/admin/components/RolesPage')) },
  { handle: { title: 'Permissions' }, path: 'permissions', lazy: page(() => import('../features/admin/components/PermissionsPage')) },
  { handle: { title: 'Subscriptions' }, path: 'subscriptions', lazy: page(() => import('../features/admin-billing/components/SubscriptionsPage')) },
  { handle: { title: 'Stripe' }, path: 'stripe', lazy: page(() => import('../features/admin-billing/components/StripePage')) },
  { handle: { title: 'Rate card' }, path: 'rateCards', lazy: page(() => import('../features/ratecard/components/RateCardsPage')) },
  { handle: { title: 'Assistant components' }, path: 'assistantComponents', lazy: page(() => import('../features/designer/components/ComponentsPage')) },
  { handle: { title: 'Assistants' }, path: 'assistants', lazy: page(() => import('../features/designer/components/AssistantsPage')) },
  { handle: { title: 'API tester' }, path: 'apiTest', lazy: page(() => import('../features/designer/components/ApiTestPage')) },
  { path: 'history/:streamId', lazy: page(() => import('../features/audit/components/HistoryPage')) },
  { handle: { title: 'Projections' }, path: 'projections', lazy: page(() => import('../features/ops/components/ProjectionsPage')) },
  { handle: { title: 'Messages' }, path: 'messages', lazy: page(() => import('../features/messages/components/MessagesPage')) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    HydrateFallback: Loading,
    children: [
      ...publicRoutes,
      { Component: RequireAuth, children: memberRoutes },
      {
        // /admin itself: AdminLayout sends the admin on to their first page (the index renders nothing, on purpose).
        path: '/admin',
        Component: RequireAuth,
        children: [{ lazy: page(() => import('../features/admin/components/AdminLayout')), children: [{ index: true, element: null }, ...adminRoutes] }],
      },
      { handle: { title: 'Page not found' }, path: '*', Component: NotFound },
    ],
  },
];

let current: ReturnType<typeof createBrowserRouter> | null = null;

/** Where the app is going (a navigation under way, its page's code still loading), or else where it is. */
export function goingTo(): string {
  const { pathname, search, hash } = current?.state.navigation.location ?? window.location;
  return `${pathname}${search}${hash}`;
}

export function AppRouter() {
  const [router] = useState(() => (current = createBrowserRouter(routes)));
  return <RouterProvider router={router} />;
}
