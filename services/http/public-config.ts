import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const PublicConfig = z.object({
  contactFormScriptUrl: z.string().nullable(),
  veteransSiteUrl: z.string().nullable(),
});

/** What the web app needs to know of the deployment at run time (public: no secrets here). */
const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', { schema: { tags: ['config'], response: { 200: PublicConfig } } }, async () => ({
    contactFormScriptUrl: app.config.CONTACT_FORM_SCRIPT_URL ?? null,
    veteransSiteUrl: app.config.VETERANS_SITE_URL ?? null,
  }));
};

export default publicConfigRoutes;
