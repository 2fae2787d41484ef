/** The token of a link from an e-mail or the back-office's log (`?token=…`), and whether it can still be used. */
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-admin';

export function useLinkToken(): string {
  return new URLSearchParams(useLocation().search).get('token') ?? '';
}

/**
 * Asks the back-office about the link once (no retry: a used or expired link stays so), before the page shows a
 * form the person could not submit.
 */
export function useLinkCheck<T>(kind: string, token: string, check: (token: string) => Promise<T>) {
  return useQuery({
    queryKey: ['link', kind, token],
    queryFn: () => check(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
