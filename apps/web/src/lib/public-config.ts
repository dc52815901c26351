/** What the server tells the SPA before sign-in (GET /config): brand name, time zone, bot check. */
import { useQueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '@switchboard/shared';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { apiRequest } from './api-client.ts';

export const publicConfigQueryKey = ['public-config'] as const;

export function fetchPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/config', { anonymous: true });
}

const publicConfigQuery = { queryKey: publicConfigQueryKey, queryFn: fetchPublicConfig, staleTime: Infinity, gcTime: Infinity };

/**
 * The configuration does not change while the page is open, so it is fetched once; undefined until it
 * arrives. Read from the query cache rather than through useQuery: it is the sign-in screen's only
 * query, and useQuery's observer would add 2.8 kB (gzip) to the smallest budget.
 */
export function usePublicConfig(): PublicConfig | undefined {
  const client = useQueryClient();
  useEffect(() => {
    // Fetches only while the cache has no configuration; retried like any query.
    void client.prefetchQuery(publicConfigQuery);
  }, [client]);
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  return useSyncExternalStore(subscribe, () => client.getQueryData<PublicConfig>(publicConfigQueryKey));
}

/** The provider's time zone, or undefined until the configuration has arrived. */
export function useProviderTimeZone(): string | undefined {
  return usePublicConfig()?.timezone;
}

/** Shown until the configuration has arrived (and if it cannot), so a screen never shows an empty name. */
export const DEFAULT_BRAND_NAME = 'Switchboard';

/** The product's name ({product} in the spec, BRAND_NAME on the server), e.g. in "{brand} Number". */
export function useBrandName(): string {
  return usePublicConfig()?.brand_name ?? DEFAULT_BRAND_NAME;
}
