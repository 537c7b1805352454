import type { Queryable } from '../../services/eventstore/store.ts';
import { iso, pagedRows, type PageQuery, type PagedSource } from '../../services/platform/paging.ts';

const messages: PagedSource = {
  from: 'contact_messages m',
  columns: `m.id::text AS id, m.name, m.email, m.message, ${iso('m.created_at', 'created_at')}`,
  sortable: { created_at: 'm.created_at', name: 'lower(m.name)', email: 'lower(m.email)' },
  searchable: ['m.name', 'm.email', 'm.message'],
  tieBreak: 'm.position',
};

/** One page of what visitors sent through the contact form. */
export const pageContactMessages = <R = Record<string, unknown>>(db: Queryable, query: PageQuery) => pagedRows<R>(db, messages, query);
