import { z } from 'zod';
import { PageQuery, paged } from '../platform/paging.ts';

export const ContactBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(200, 'name must be at most 200 characters'),
  email: z.string().trim().max(254, 'email must be at most 254 characters').pipe(z.email('email must be a valid address')),
  message: z.string().trim().min(1, 'message is required').max(5000, 'message must be at most 5000 characters'),
});
export const ContactReceived = z.object({ id: z.string() });

/** The spec's paging query; messages come newest first unless asked otherwise. */
export const ContactMessagesQuery = PageQuery.extend({
  sortField: z.string().max(50).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export const ContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export const ContactMessagePage = paged(ContactMessage);
