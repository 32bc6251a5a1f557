import { createSliceQueryClient, inQueryCache } from '@portal/web-kit/queries';

/** The administration pages' one query cache (the sign-in pages use none), with the portal's retry policy. */
export const adminQueryClient = createSliceQueryClient();

/** Each administration page the slice exposes, inside that cache (the shell knows nothing of it). */
export const withAdminQueries = inQueryCache(adminQueryClient);
