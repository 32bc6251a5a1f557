import { api, createCallTableClient } from '@portal/contracts/api-client';
import { TRAINING_CALLS } from '@portal/contracts/training-calls';

/** The training calls (assignments, reports, groups), sent through the shared client like every other call. */
export const training = createCallTableClient(TRAINING_CALLS, api);
