import type { ApiAnswer, Item } from '../../lib/api-contract';

export type StreamPage = ApiAnswer<'/api/admin/streams/{streamId}/events'>;
export type StreamEvent = Item<StreamPage['data']> & { metadata: { actor?: string; correlation_id?: string; command_id?: string } };
export type ChainCheck = ApiAnswer<'/api/admin/streams/{streamId}/verify'>;
export type BalanceAt = ApiAnswer<'/api/admin/orgs/{id}/balance'>;
