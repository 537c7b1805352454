import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { signIn, type Client } from './http.ts';

export type TeamRole = 'owner' | 'billing' | 'member';
export const teamEmail = (what: string) => `${what}-${randomUUID().slice(0, 6)}@example.com`;

/** An owner invites `to` with a role: the created invitation (its token shown once). */
export async function invite(owner: Client, to: string, role: TeamRole) {
  const res = await owner.post('/api/me/org/invitations', { email: to, role });
  expect(res.status).toBe(201);
  return res.body as { id: string; email: string; role: string; token: string; url: string; expiresAt: string; emailed: boolean };
}

/** A new account (inactive) signs in and accepts: active and in the organization afterwards. */
export async function joinTeam(baseUrl: string, owner: Client, role: TeamRole, who = teamEmail(role)) {
  const { token } = await invite(owner, who, role);
  const client = await signIn(baseUrl, who);
  const accepted = await client.post(`/api/invitations/${token}/accept`);
  expect(accepted.status).toBe(200);
  const me = await client.get('/api/auth/me');
  return { client, userId: me.body.user.id as string, email: who, orgId: accepted.body.orgId as string };
}
