export interface Role {
  id: number | string;
  name: string;
}

export interface User {
  id: number | string;
  name: string;
  given_name?: string | null;
  email: string;
  avatar_url?: string | null;
  is_active: boolean;
  organization_id: number | string | null;
  permissions: string[];
  roles?: Role[];
  [extra: string]: unknown;
}

export type MeResponse = { success: true; user: User } | { success: false; reason?: string };

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: User };
