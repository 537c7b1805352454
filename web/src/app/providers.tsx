import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/Toast';
import { ActiveProjectProvider } from '../lib/active-project';
import { onStaleAnswer } from '../lib/api';

/** How long after a stale answer the shown queries are read again. */
const STALE_REFETCH_MS = 1000;

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // A read answered before the read models caught up with this session's last command is read again
  // a moment later (once per burst), so a list shows the row just created without a reload.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onStaleAnswer(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries();
      }, STALE_REFETCH_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ActiveProjectProvider>{children}</ActiveProjectProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
