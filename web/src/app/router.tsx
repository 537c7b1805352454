import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Layout } from '../components/Layout';
import { Loading } from '../components/Loading';
import { NotFound } from '../components/NotFound';
import { RequireAuth } from '../components/RequireAuth';
import LoginPage from '../features/auth/components/LoginPage';
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
  { index: true, Component: LandingPage },
  { path: paths.homeAlias.path, Component: LandingPage },
  { path: paths.about.path, Component: AboutPage },
  { path: paths.features.path, Component: FeaturesPage },
  { path: paths.contact.path, Component: ContactPage },
  { path: paths.pricing.path, lazy: page(() => import('../features/pricing/components/PricingPage')) },
  { path: paths.subscribe.path, lazy: page(() => import('../features/pricing/components/SubscribePage')) },
  { path: paths.inactive.path, Component: InactivePage },
  { path: paths.veterans.path, Component: VeteransPage },
  { path: paths.login.path, Component: LoginPage },
];

const memberRoutes: RouteObject[] = [
  { path: paths.dashboard.path, lazy: page(() => import('../features/dashboard/components/DashboardPage')) },
  { path: paths.projects.path, lazy: page(() => import('../features/projects/components/ProjectsPage')) },
  { path: paths.project.path, lazy: page(() => import('../features/projects/components/ProjectPage')) },
  { path: paths.advisors.path, lazy: page(() => import('../features/advisors/components/AdvisorsPage')) },
  { path: paths.support.path, lazy: page(() => import('../features/support/components/SupportPage')) },
  { path: paths.profile.path, lazy: page(() => import('../features/profile/components/ProfilePage')) },
  { path: paths.subscribed.path, lazy: page(() => import('../features/pricing/components/SubscribedPage')) },
  { path: paths.checkoutSim.path, lazy: page(() => import('../features/billing/components/CheckoutSimPage')) },
];

/** Pages under /admin (relative paths), one line each; their side-navigation entries are in features/admin/nav.ts. */
const adminRoutes: RouteObject[] = [
  { path: 'orgs', lazy: page(() => import('../features/admin/components/OrgsPage')) },
  { path: 'users', lazy: page(() => import('../features/admin/components/UsersPage')) },
  { path: 'roles', lazy: page(() => import('../features/admin/components/RolesPage')) },
  { path: 'permissions', lazy: page(() => import('../features/admin/components/PermissionsPage')) },
  { path: 'subscriptions', lazy: page(() => import('../features/admin-billing/components/SubscriptionsPage')) },
  { path: 'stripe', lazy: page(() => import('../features/admin-billing/components/StripePage')) },
  { path: 'assistantComponents', lazy: page(() => import('../features/designer/components/ComponentsPage')) },
  { path: 'assistants', lazy: page(() => import('../features/designer/components/AssistantsPage')) },
  { path: 'apiTest', lazy: page(() => import('../features/designer/components/ApiTestPage')) },
  { path: 'history/:streamId', lazy: page(() => import('../features/audit/components/HistoryPage')) },
  { path: 'projections', lazy: page(() => import('../features/ops/components/ProjectionsPage')) },
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
        path: '/admin',
        Component: RequireAuth,
        children: [{ lazy: page(() => import('../features/admin/components/AdminLayout')), children: [{ index: true }, ...adminRoutes] }],
      },
      { path: '*', Component: NotFound },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
