/** What the server tells the SPA before sign-in (GET /config): brand name, time zone, bot check. */
import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@switchboard/shared';
import { apiRequest } from './api-client.ts';

export const publicConfigQueryKey = ['public-config'] as const;

export function fetchPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/config', { anonymous: true });
}

/** The configuration does not change while the page is open, so it is fetched once. */
export function usePublicConfig() {
  return useQuery({ queryKey: publicConfigQueryKey, queryFn: fetchPublicConfig, staleTime: Infinity, gcTime: Infinity });
}

/** The provider's time zone, or undefined until the configuration has arrived. */
export function useProviderTimeZone(): string | undefined {
  return usePublicConfig().data?.timezone;
}
