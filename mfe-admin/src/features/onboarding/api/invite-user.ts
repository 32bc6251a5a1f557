import { api } from '@portal/contracts/api-client';
import { type InvitationRequest, ONBOARDING_CALLS } from '@portal/contracts/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Invites someone (system administrators only): the account is made and the link mailed; the users' lists reload. */
export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: InvitationRequest) => api.send(ONBOARDING_CALLS.inviteUser, { body: payload }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
