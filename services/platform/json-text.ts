/** A reply that can say its content type and send a payload (Fastify's, whose send is typed by the route's schema). */
interface Reply<R> {
  type(contentType: string): R;
  send(payload: never): R;
}

/**
 * Sends JSON text a read model's query wrote (Postgres's `json_agg`) as it is: a string is not
 * serialized again. The text must be what the route's response schema says (its tests check it).
 */
export const sendJsonText = <R extends Reply<R>>(reply: R, text: string): R => reply.type('application/json; charset=utf-8').send(text as never);

/**
 * SQL for the rows of a subquery (aliased `alias`) as the text of one JSON array, in the order the
 * sorted subquery gives them, `[]` for none: the text sendJsonText sends.
 */
export const jsonArrayText = (alias: string) => `coalesce(json_agg(${alias}), '[]')::text`;
