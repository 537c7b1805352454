import { z } from 'zod';
import { idParam } from '../platform/ids.ts';
import { EXPORT_FORMATS } from './export/rows.ts';

/** The longest range one export may cover. */
export const MAX_EXPORT_DAYS = 3660;

const range = {
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  format: z.enum(EXPORT_FORMATS).default('csv'),
};
/** `orgId` left out: the admin's own organization. */
export const AdminExportQuery = z.object({ orgId: idParam('Organization').optional(), ...range });
export const MeExportQuery = z.object({ orgId: z.string().max(100).optional(), ...range });

const Statement = z.object({ orgId: z.string(), position: z.number(), headHash: z.string(), count: z.number(), at: z.string() });
export const PublicKeyAnswer = z.object({ algorithm: z.literal('Ed25519'), keyId: z.string(), publicKey: z.string() });
export const HeadsQuery = z.object({
  orgId: idParam('Organization').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const HeadsAnswer = z.object({
  data: z.array(z.object({ statement: Statement, signature: z.string(), keyId: z.string(), matches: z.boolean() })),
  total: z.number(),
  totalPages: z.number(),
  keyId: z.string(),
});
export const SignHeadsAnswer = z.object({ signed: z.number() });
