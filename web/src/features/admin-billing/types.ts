import type { ApiAnswer, ApiBody, Item } from '../../lib/api-contract';

export type AdminPlan = Item<ApiAnswer<'/api/admin/subscriptions'>>;
/** Every field the plan form edits (the create call defaults the ones it is not given). */
export type PlanInput = Required<Omit<ApiBody<'/api/admin/subscriptions', 'post'>, 'id'>>;
export type PlanChanges = ApiBody<'/api/admin/subscriptions/{id}', 'put'>;
export type PaymentTransaction = Item<ApiAnswer<'/api/admin/stripe/transactions'>['data']>;
export type WebhookLogRow = Item<ApiAnswer<'/api/admin/stripe/webhook-log'>['data']>;
export type WebhookLogDetail = ApiAnswer<'/api/admin/stripe/webhook-log/{id}'>;
export type TestEventKind = ApiBody<'/api/admin/stripe/test-events', 'post'>['kind'];
