import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else names nothing, and must never reach a uuid column (500). */
export const isUuid = (id: string) => UUID.test(id);

/**
 * An id in a route's path or query string (`params: z.object({ id: idParam('Project') })`): a
 * malformed one names nothing, so it is answered like an unknown one, `404 {error: 'Project not
 * found'}`, by the one error handler (services/http/plugins/errors.ts), before the handler runs.
 */
export const idParam = (what: string) => z.guid({ error: `${what} not found` });

/** The validation issue an idParam raises (a zod `guid` format), which the error handler answers 404. */
export const isMalformedId = (issue: { keyword?: string; params?: unknown }) =>
  issue.keyword === 'invalid_format' && (issue.params as { format?: string } | undefined)?.format === 'guid';
