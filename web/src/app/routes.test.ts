import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Issue 23 item 18: React Router warns about a leaf route with nothing to render (it did on /admin). */
const leaves = (list: RouteObject[], parent = ''): { path: string; route: RouteObject }[] =>
  list.flatMap((route) => {
    const path = route.index ? `${parent} (index)` : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    return route.children?.length ? leaves(route.children, path) : [{ path, route }];
  });

describe('the routes', () => {
  it('give every leaf route something to render (an element, possibly null, a Component or a lazy page)', () => {
    const found = leaves(routes);
    expect(found.length).toBeGreaterThan(20);
    const empty = found.filter(({ route }) => route.element === undefined && route.Component === undefined && route.lazy === undefined).map((l) => l.path);
    expect(empty).toEqual([]);
  });
});
