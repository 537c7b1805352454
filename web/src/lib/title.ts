import { useEffect } from 'react';
import { appName } from '../config';

/** A route's title, on its `handle`; pages whose title depends on data set it themselves (useDocumentTitle). */
export interface RouteTitle {
  title?: string;
}

export const documentTitle = (page?: string | null): string => (page ? `${page} · ${appName}` : appName);

/** Sets the tab's title to "<page> · Advisory Board" (nothing while `page` is empty). */
export function useDocumentTitle(page: string | null | undefined): void {
  useEffect(() => {
    if (page) document.title = documentTitle(page);
  }, [page]);
}
