/** The UTC day of a time the events carry (an ISO 8601 text; the product writes them in UTC, with `Z`), as `YYYY-MM-DD`. */
export const utcDay = (at: string): string => (at.endsWith('Z') ? at : new Date(at).toISOString()).slice(0, 10);

/** The first UTC day of the month of such a time, as `YYYY-MM-01`. */
export const utcMonth = (at: string): string => `${utcDay(at).slice(0, 7)}-01`;
