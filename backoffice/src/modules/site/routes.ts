/**
 * Site lookup by host (no site_id), site by id, and the subsidiary sites of the header dropdown. Sites are fixed
 * reference data in this build: create, update and delete answer 405.
 */
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { salesPlans, sites } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { refuseCalls } from './read-only.ts';
import { hostOf, siteSchema, toSite, type SiteRow, type PlanRow } from './service.ts';

const errorBody = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
const subsidiarySchema = z.object({ code: z.string(), label: z.string(), url: z.string() });
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const siteRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  const loadSites = () =>
    app.cache.get('sites:all', async () => {
      const siteRows: SiteRow[] = await app.db.select().from(sites).orderBy(asc(sites.id));
      const planRows: PlanRow[] = await app.db.select().from(salesPlans).orderBy(asc(salesPlans.id));
      return { siteRows, planRows };
    });

  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Site lookup by host (url), or the subsidiary sites (site_id + list=subsidiaries)',
        querystring: z.object({
          url: z.string().max(500).optional(),
          site_id: id.optional(),
          list: z.literal('subsidiaries').optional(),
          lang: z.string().max(10).optional(),
          sales_plan_id: id.optional(),
          saleplan_id: id.optional(),
          client: z.literal('web').optional(),
        }),
        response: {
          200: z.object({ data: z.object({ list: z.array(z.union([siteSchema, subsidiarySchema])) }) }),
          400: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const { url, list, site_id } = request.query;
      const { siteRows, planRows } = await loadSites();
      if (list === 'subsidiaries') {
        if (site_id !== undefined && !siteRows.some((s) => s.id === site_id && s.isLocal)) {
          throw notFound(`Site ${site_id}`);
        }
        return { data: { list: siteRows.map((s) => ({ code: s.code, label: s.label, url: s.url })) } };
      }
      if (url === undefined) {
        if (site_id === undefined) {
          throw badRequest('url (the request host) or site_id is required', [
            { field: 'querystring.url', message: 'Required' },
          ]);
        }
        const site = siteRows.find((s) => s.id === site_id);
        if (!site) throw notFound(`Site ${site_id}`);
        return { data: { list: [toSite(site, planRows)] } };
      }
      const host = hostOf(url);
      const site = siteRows.find(
        (s) =>
          s.hosts.some((h) => h.toLowerCase() === host) || (s.isLocal && app.config.siteHosts.includes(host)),
      );
      if (!site) throw notFound(`Site for host ${host || url}`);
      return { data: { list: [toSite(site, planRows)] } };
    },
  );

  app.get(
    '/site/:id',
    {
      schema: {
        tags: ['site'],
        summary: 'One site with its languages and sales plans',
        params: z.object({ id }),
        response: { 200: z.object({ data: siteSchema }), 404: errorBody },
      },
    },
    async (request) => {
      const { siteRows, planRows } = await loadSites();
      const site = siteRows.find((s) => s.id === request.params.id);
      if (!site) throw notFound(`Site ${request.params.id}`);
      return { data: toSite(site, planRows) };
    },
  );

  refuseCalls(plugin, {
    path: '/site',
    methods: ['POST', 'PUT', 'DELETE'],
    allow: ['GET', 'HEAD'],
    tags: ['site'],
    message: 'Sites and their sales plans are fixed reference data in this build; read them with GET /site',
  });
};
