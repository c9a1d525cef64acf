import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { figuresQuery } from '../../../common/api/admin/figures';
import {
  adminPromoResponse,
  adminPromosResponse,
  promoClicksResponse,
  promoCreate,
  promoDeletedResponse,
  promoDomainsEdit,
  promoDomainsResponse,
  promoEdit,
  promoIdQuery,
  promoPictureResponse,
  promoSiteQuery,
} from '../../../common/api/admin/promos';
import { adminPromosEndpoints } from '../../../common/api/endpoints/admin/promos';
import { serve } from '../../plugins/endpoint';
import { requireStaff } from '../../plugins/staff-auth';
import { readPictureUpload } from '../../plugins/upload';
import { figuresScope } from '../../services/admin/figures/range';
import {
  createPromo,
  deletePromo,
  editPromo,
  listPromoDomains,
  listPromos,
  promoClickFigures,
  savePromoDomains,
  setPromoPicture,
} from '../../services/admin/promos/promos';

const errors = [400, 403, 404] as const;
const tags = ['admin'];

/**
 * The promos screen of the console: partner sites' promo profiles per site, the site's allow-list
 * of partner hosts, and the clicks through to them. Advertising is the operator's business, so all
 * of it is the admin's; only the click counts, beside the other figures, are for every role.
 * Every change writes an audit row in its own transaction.
 */
export const adminPromosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  // Registered in this module's scope only, for the picture upload.
  await app.register(fastifyMultipart);

  serve(
    app,
    adminPromosEndpoints.list,
    {
      summary: 'A site’s promo profiles, switched-off ones too, newest first',
      tags,
      schemas: { query: promoSiteQuery, response: adminPromosResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'admin');
      return { promos: await listPromos(services, request.query.site_id) };
    },
  );

  serve(
    app,
    adminPromosEndpoints.create,
    {
      summary: 'A new promo profile on a site; its link must be on the site’s allow-list',
      tags,
      schemas: { body: promoCreate, response: adminPromoResponse },
      errors,
      status: 201,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { promo: await createPromo(services, staff, request.body) };
    },
  );

  serve(
    app,
    adminPromosEndpoints.edit,
    {
      summary: 'Changes a promo profile, or switches it off or on',
      tags,
      schemas: { query: promoIdQuery, body: promoEdit, response: adminPromoResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { promo: await editPromo(services, staff, request.query.id, request.body) };
    },
  );

  serve(
    app,
    adminPromosEndpoints.remove,
    {
      summary: 'Deletes a promo profile (its clicks stay in the figures)',
      tags,
      schemas: { query: promoIdQuery, response: promoDeletedResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      await deletePromo(services, staff, request.query.id);
      return { deleted: true as const };
    },
  );

  serve(
    app,
    adminPromosEndpoints.picture,
    {
      summary: 'Uploads a promo profile’s picture (multipart, one JPEG, PNG or WebP file)',
      tags,
      consumes: ['multipart/form-data'],
      schemas: { query: promoIdQuery, response: promoPictureResponse },
      errors: [400, 403, 404, 413, 415],
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      const bytes = await readPictureUpload(request);
      return { promo: await setPromoPicture(services, staff, request.query.id, bytes) };
    },
  );

  serve(
    app,
    adminPromosEndpoints.domains,
    {
      summary: 'A site’s allow-list of partner hosts',
      tags,
      schemas: { query: promoSiteQuery, response: promoDomainsResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'admin');
      return { domains: await listPromoDomains(services.db, request.query.site_id) };
    },
  );

  serve(
    app,
    adminPromosEndpoints.saveDomains,
    {
      summary: 'Writes a site’s allow-list of partner hosts (a host and its subdomains), whole',
      tags,
      schemas: { query: promoSiteQuery, body: promoDomainsEdit, response: promoDomainsResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return {
        domains: await savePromoDomains(services, staff, request.query.site_id, request.body.domains),
      };
    },
  );

  serve(
    app,
    adminPromosEndpoints.clicks,
    {
      summary: 'Clicks through promo profiles per promo, UTC day and traffic network',
      tags,
      schemas: { query: figuresQuery, response: promoClicksResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      const scope = await figuresScope(services, request.query);
      return { promo_clicks: await promoClickFigures(services.db, scope) };
    },
  );
};
