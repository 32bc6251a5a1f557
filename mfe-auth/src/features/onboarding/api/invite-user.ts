import { api } from '@portal/contracts/api-client';
import { type InvitationRequest, ONBOARDING_CALLS } from '@portal/contracts/onboarding';

/** Invites someone (system administrators only): the account is made and the link to a first password mailed. */
export function inviteUser(payload: InvitationRequest) {
  return api.send(ONBOARDING_CALLS.inviteUser, { body: payload });
}
