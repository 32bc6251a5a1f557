import { api } from '@portal/contracts/api-client';
import { SSO_CALLS, type SsoSettings, type SsoSettingsRequest } from '@portal/contracts/sso-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const ssoKeys = {
  settings: ['sso', 'settings'] as const,
  testResult: ['sso', 'test-result'] as const,
};

export const useSsoSettings = () =>
  useQuery({ queryKey: ssoKeys.settings, queryFn: ({ signal }) => api.send(SSO_CALLS.getSsoSettings, {}, { signal }) });

/** Saves the settings; the page then shows what the server answered. */
export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsRequest) => api.send(SSO_CALLS.saveSsoSettings, { body }),
    onSuccess: (saved: SsoSettings) => queryClient.setQueryData(ssoKeys.settings, saved),
  });
}

/** The last test's result, read when `asked` (the popup said it is back), again each time it says so. */
export const useSsoTestResult = (asked: number) =>
  useQuery({
    queryKey: [...ssoKeys.testResult, asked],
    queryFn: ({ signal }) => api.send(SSO_CALLS.getSsoTestResult, {}, { signal }),
    enabled: asked > 0,
  });
