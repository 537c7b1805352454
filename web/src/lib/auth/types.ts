import type { ApiAnswer } from '../api-contract';

/** A signed-out account's status: new and not enabled yet, or disabled by an admin. */
type AccountStatus = Extract<ApiAnswer<'/api/auth/me'>, { reason: 'inactive' }>['account_status'];

export type MeAnswer = ApiAnswer<'/api/auth/me'>;
export type User = Extract<MeAnswer, { success: true }>['user'];
/** Why /api/auth/me has no user: not signed in, or the account is not active. */
export type SignedOutReason = Extract<MeAnswer, { success: false }>['reason'];
export type { AccountStatus };

export type AuthState =
  | { status: 'loading'; user: null }
  /** `accountStatus` says why an inactive account is inactive: new and not enabled yet, or disabled by an admin. */
  | { status: 'signedOut'; user: null; reason: SignedOutReason; accountStatus?: AccountStatus }
  | { status: 'signedIn'; user: User };
