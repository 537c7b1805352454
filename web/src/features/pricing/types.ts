import type { ApiAnswer, Item } from '../../lib/api-contract';

export type Plan = Item<ApiAnswer<'/api/subscriptions/public'>>;
