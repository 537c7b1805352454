import fp from 'fastify-plugin';
import type { onRequestHookHandler } from 'fastify';
import { requireOrgRole } from '../../orgs/access.ts';
import type { OrgRole } from '../../orgs/members.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * After requireUser: the member's role in their organization is at least `role` (an owner may do
     * everything, billing what billing may), read from the organization's stream; otherwise 403.
     */
    requireOrgRole: (role: OrgRole) => onRequestHookHandler;
  }
}

export default fp(
  async (app) => {
    app.decorate('requireOrgRole', (role: OrgRole) => requireOrgRole(app, role));
  },
  { name: 'org-roles', dependencies: ['auth'] },
);
