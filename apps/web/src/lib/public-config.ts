/** What the server tells the SPA before sign-in (GET /config): brand name, time zone, bot check. */
import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@switchboard/shared';
import { apiRequest } from './api-client.ts';

export const publicConfigQueryKey = ['public-config'] as const;

export function fetchPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/config', { anonymous: true });
}

/** The configuration does not change while the page is open, so it is fetched once; undefined until it arrives. */
export function usePublicConfig(): PublicConfig | undefined {
  return useQuery({ queryKey: publicConfigQueryKey, queryFn: fetchPublicConfig, staleTime: Infinity, gcTime: Infinity }).data;
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
