import { z } from 'zod';
import { idParam } from '../platform/ids.ts';

export const CreateKeyBody = z.object({ name: z.string().trim().min(1, 'name is required').max(100) });
export const CreatedKey = z.object({ id: z.string(), name: z.string(), key: z.string(), prefix: z.string(), createdAt: z.string() });
export const KeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export const KeyList = z.array(KeyView);
export const KeyParams = z.object({ id: idParam('API key') });
export const OrgParams = z.object({ id: idParam('Organization') });
/** A malformed organization id is answered as an unknown key: the key is what the path names. */
export const OrgKeyParams = z.object({ id: idParam('API key'), keyId: idParam('API key') });
export const RevokedKey = z.object({ id: z.string(), revokedAt: z.string() });
