import { expect } from 'vitest';
import { Client, signIn } from './http.ts';

export const ADMIN_EMAIL = 'admin@example.com';

/** Signs in the admin (active with the admin role) and gives them an organization, so no page sends them to /profile. */
export async function signInAdmin(baseUrl: string, orgName = 'Admin Org'): Promise<Client> {
  const admin = await signIn(baseUrl, ADMIN_EMAIL, 'Ada Admin');
  const saved = await admin.post('/api/me/profile/update', { name: 'Ada Admin', orgName });
  expect(saved.status).toBe(200);
  return admin;
}

export async function userIdOf(admin: Client, email: string): Promise<string> {
  const users = await admin.get('/api/admin/users');
  expect(users.status).toBe(200);
  const user = (users.body as { id: string; email: string }[]).find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/** A new account (inactive until enabled), enabled by the admin: an active member without admin permissions. */
export async function activeMember(baseUrl: string, admin: Client, email: string, name = email.split('@')[0]) {
  const client = await signIn(baseUrl, email, name);
  const id = await userIdOf(admin, email);
  const res = await admin.put(`/api/admin/users/${id}/activate`, { is_active: true });
  expect(res.status).toBe(200);
  return { client, id };
}
