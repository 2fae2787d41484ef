/**
 * Site lookup by host (no site_id), site by id, and the subsidiary sites of the header dropdown. Sites are fixed
 * reference data in this build: create, update and delete answer 405.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.ts';
import { errorResponses, refuseCalls } from '../../lib/http.ts';
import { siteListResponse, siteLookupQuery, siteParams, siteResponse } from './schemas.ts';
import { findSite, findSiteForHost, listSubsidiaries } from './service.ts';

export const siteRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Site lookup by host (url), or the subsidiary sites (site_id + list=subsidiaries)',
        querystring: siteLookupQuery,
        response: { 200: siteListResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { url, list, site_id } = request.query;
      if (list === 'subsidiaries')
        return { data: { list: await listSubsidiaries(app.db, app.cache, site_id) } };
      if (url !== undefined) {
        return { data: { list: [await findSiteForHost(app.db, app.cache, url, app.config.siteHosts)] } };
      }
      if (site_id === undefined) {
        throw badRequest('url (the request host) or site_id is required', [
          { field: 'querystring.url', message: 'Required' },
        ]);
      }
      return { data: { list: [await findSite(app.db, app.cache, site_id)] } };
    },
  );

  app.get(
    '/site/:id',
    {
      schema: {
        tags: ['site'],
        summary: 'One site with its languages and sales plans',
        params: siteParams,
        response: { 200: siteResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({ data: await findSite(app.db, app.cache, request.params.id) }),
  );

  refuseCalls(plugin, {
    path: '/site',
    methods: ['POST', 'PUT', 'DELETE'],
    allow: ['GET', 'HEAD'],
    tags: ['site'],
    message: 'Sites and their sales plans are fixed reference data in this build; read them with GET /site',
  });
};
