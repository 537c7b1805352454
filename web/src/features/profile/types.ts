import type { ApiAnswer, ApiBody, Item } from '../../lib/api-contract';

export type Profile = ApiAnswer<'/api/me/profile'>;
export type CreditTransaction = Item<Profile['transactions']>;
export type UsageRecord = Item<Profile['usage']>;
export type ProfileInput = ApiBody<'/api/me/profile/update', 'post'>;
export type MyCredits = ApiAnswer<'/api/me/credits'>;
export type CreditLot = Item<MyCredits['lots']>;
export type CreditHold = Item<MyCredits['holds']>;
