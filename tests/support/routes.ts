import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface Route {
  method: string;
  url: string;
}

/** Every route of the app (HEAD left out), read back from Fastify's own route tree (printRoutes). */
export function routeTable(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  // The radix tree as printed (commonPrefix: false drops the parent of a wildcard, e.g. static/*).
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    if (!match[3]) continue;
    const url = stack.join('').replace(/\/+$/, '') || '/';
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method, url });
  }
  const seen = new Set<string>();
  return routes.filter((r) => !seen.has(`${r.method} ${r.url}`) && !!seen.add(`${r.method} ${r.url}`));
}

/** Path parameters filled with ids that name nothing. */
export const concrete = (url: string) => url.replace(/:([A-Za-z]+)/g, () => randomUUID());

export const keyOf = (route: Route) => `${route.method} ${route.url}`;
