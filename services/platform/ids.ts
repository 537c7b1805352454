const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are uuids; anything else names nothing (404), and must never reach a uuid column (500). */
export const isUuid = (id: string) => UUID.test(id);
