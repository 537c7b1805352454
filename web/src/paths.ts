const route = (path: string) => ({ path, getHref: () => path });

/** `?redirect=<path>` with the path readable (slashes kept) and its own `?`/`&` escaped. */
const withRedirect = (path: string, redirect?: string | null) =>
  redirect ? `${path}?redirect=${encodeURIComponent(redirect).replace(/%2F/g, '/')}` : path;

export const paths = {
  home: route('/'),
  homeAlias: route('/home'),
  about: route('/about'),
  features: route('/features'),
  pricing: route('/pricing'),
  contact: route('/contact'),
  inactive: route('/inactive'),
  veterans: route('/veterans'),
  login: { path: '/login', getHref: (redirect?: string | null) => withRedirect('/login', redirect) },
  subscribe: { path: '/subscribe/:id', getHref: (id: string | number) => `/subscribe/${id}` },
  subscribed: route('/subscribed'),
  checkoutSim: { path: '/checkout/sim/:id', getHref: (id: string) => `/checkout/sim/${id}` },
  billingPortalSim: route('/billing/portal'),
  shared: { path: '/shared/:token', getHref: (token: string) => `/shared/${token}` },
  join: { path: '/join/:token', getHref: (token: string) => `/join/${token}` },

  dashboard: route('/dashboard'),
  profile: { path: '/profile', getHref: (redirect?: string | null) => withRedirect('/profile', redirect) },
  projects: route('/projects'),
  project: { path: '/project/:id', getHref: (id: string | number) => `/project/${id}` },
  advisors: route('/advisors'),
  support: route('/support'),
  org: route('/org'),
  usage: route('/usage'),

  admin: {
    root: { path: '/admin/*', getHref: () => '/admin' },
    orgs: route('/admin/orgs'),
    users: route('/admin/users'),
    roles: route('/admin/roles'),
    permissions: route('/admin/permissions'),
    subscriptions: route('/admin/subscriptions'),
    stripe: route('/admin/stripe'),
    rateCards: route('/admin/rateCards'),
    assistantComponents: {
      path: '/admin/assistantComponents',
      getHref: (type?: 'term' | 'array' | 'object') =>
        type ? `/admin/assistantComponents?type=${type}` : '/admin/assistantComponents',
    },
    assistants: route('/admin/assistants'),
    apiTest: route('/admin/apiTest'),
    history: { path: '/admin/history/:streamId', getHref: (kind: string, id: string) => `/admin/history/${encodeURIComponent(`${kind}-${id}`)}` },
    projections: route('/admin/projections'),
    messages: route('/admin/messages'),
    /** The BullMQ dashboard, rendered by the server (not a React route): link to it with a plain <a>. */
    queues: route('/admin/queues'),
  },

  api: {
    logout: '/api/auth/logout',
    googleSignIn: '/api/auth/google',
  },
} as const;

/** Paths on which the navigation bar shows the marketing links (spec section 2). */
export const marketingPaths: readonly string[] = [
  paths.home.path,
  paths.homeAlias.path,
  paths.about.path,
  paths.features.path,
  paths.pricing.path,
  paths.contact.path,
];

/** Pages any visitor may stay on, whatever the state of their account. */
export const openPaths: readonly string[] = [
  ...marketingPaths,
  paths.login.path,
  paths.inactive.path,
  paths.veterans.path,
];

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export const isMarketingPath = (pathname: string) => marketingPaths.includes(normalizePath(pathname));
/** An invitation's page: open to anyone, signed in or not, active or not (accepting activates the account). */
export const isJoinPath = (pathname: string) => normalizePath(pathname).startsWith('/join/');
export const isOpenPath = (pathname: string) => openPaths.includes(normalizePath(pathname)) || isJoinPath(pathname);
