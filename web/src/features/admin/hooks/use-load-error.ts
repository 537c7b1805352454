import { useEffect } from 'react';
import { useToast } from '../../../components/Toast';

/** Shows the page's load-failure toast once per failure. */
export function useLoadError(isError: boolean, message: string) {
  const toast = useToast();
  useEffect(() => {
    if (isError) toast.error(message);
  }, [isError, message, toast]);
}
