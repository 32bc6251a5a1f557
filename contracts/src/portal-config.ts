import { z } from 'zod/mini';
import { LANGUAGES } from './languages.ts';

export const REMOTE_NAMES = ['auth', 'courses', 'editor'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** What the gateway serves at /config.json: read by the shell at run time, before first render. */
export const portalConfigSchema = z.object({
  remotes: z.record(z.enum(REMOTE_NAMES), z.string().check(z.minLength(1))),
  languages: z.array(z.enum(LANGUAGES)),
  /** The largest file an upload may send (the files service's MAX_FILE_BYTES): the editor refuses larger ones. */
  uploadLimitBytes: z.int().check(z.positive()),
  footer: z.object({
    address: z.string(),
    website: z.string(),
    phone: z.string(),
    email: z.string(),
    /** The operator's tagline in each interface language. */
    tagline: z.record(z.enum(LANGUAGES), z.string()),
    imprintUrl: z.string(),
    privacyUrl: z.string(),
  }),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;
