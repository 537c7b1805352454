import pg from 'pg';

const QUOTED = /['\\]/;

/**
 * A string written into a statement as an SQL literal ('…'). node-postgres's escapeLiteral builds its
 * answer a character at a time, a new string for each: the live catch-up's statements (the read models'
 * names and event types, the progress notice's JSON, some 2 KB a batch) made a quarter of the worker's
 * garbage that way. A text with no quote or backslash, as those are, is quoted whole; any other goes
 * through escapeLiteral.
 */
export function sqlLiteral(text: string): string {
  return QUOTED.test(text) ? pg.escapeLiteral(text) : `'${text}'`;
}
