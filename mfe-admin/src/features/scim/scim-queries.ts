import { api } from '@portal/contracts/api-client';
import { SCIM_TOKEN_CALLS, type ScimSettings } from '@portal/contracts/scim';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const scimKeys = {
  tokens: ['scim', 'tokens'] as const,
  settings: ['scim', 'settings'] as const,
};

export const useScimTokens = () =>
  useQuery({
    queryKey: scimKeys.tokens,
    queryFn: ({ signal }) => api.send(SCIM_TOKEN_CALLS.listScimTokens, {}, { signal }),
  });

/** Generates a token; the list is asked again, which then names it. */
export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => api.send(SCIM_TOKEN_CALLS.createScimToken, { body: { label } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimKeys.tokens }),
  });
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send(SCIM_TOKEN_CALLS.revokeScimToken, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimKeys.tokens }),
  });
}

export const useScimSettings = () =>
  useQuery({
    queryKey: scimKeys.settings,
    queryFn: ({ signal }) => api.send(SCIM_TOKEN_CALLS.getScimSettings, {}, { signal }),
  });

export function useSaveScimSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScimSettings) => api.send(SCIM_TOKEN_CALLS.saveScimSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(scimKeys.settings, saved),
  });
}
