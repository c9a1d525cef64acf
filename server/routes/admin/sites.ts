import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDiscountCodeResponse,
  adminDiscountCodesResponse,
  adminGiftResponse,
  adminGiftsResponse,
  adminPackageResponse,
  adminPackagesResponse,
  adminSiteResponse,
  adminSitesResponse,
  discountCodeCreate,
  discountCodeEdit,
  giftCreate,
  giftEdit,
  idQuery,
  packageCreate,
  packageEdit,
  siteIdQuery,
  siteSettingsEdit,
} from '../../../common/api/admin/sites';
import { errorResponse } from '../../../common/api/errors';
import { requireStaff } from '../../plugins/staff-auth';
import {
  createDiscountCode,
  editDiscountCode,
  listDiscountCodes,
} from '../../services/admin/sites/discount-codes';
import { createGift, editGift, listGifts } from '../../services/admin/sites/gifts';
import { createPackage, deletePackage, editPackage, listPackages } from '../../services/admin/sites/packages';
import { listSites, siteForAdmin, updateSiteSettings } from '../../services/admin/sites/settings';

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/**
 * The sites screen of the console (issue 9): sites' settings, credit packages, discount codes and
 * the gift catalogue. Any staff role may read them (support answers members' questions about
 * prices and codes); only an admin changes them (prices are money). Every change writes an audit
 * row in its own transaction.
 */
export const adminSitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    '/api/admin/sites.php',
    { schema: { summary: 'Every site', tags: ['admin'], response: { 200: adminSitesResponse, ...errors } } },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return { sites: await listSites(services.db) };
    },
  );

  app.get(
    '/api/admin/site.php',
    {
      schema: {
        summary: 'One site’s settings, with its companies, methods and currencies',
        tags: ['admin'],
        querystring: idQuery,
        response: { 200: adminSiteResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return { site: await siteForAdmin(services, request.query.id) };
    },
  );

  app.put(
    '/api/admin/site.php',
    {
      schema: {
        summary: 'Writes a site’s settings (all of them); served at once',
        tags: ['admin'],
        querystring: idQuery,
        body: siteSettingsEdit,
        response: { 200: adminSiteResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { site: await updateSiteSettings(services, staff, request.query.id, request.body) };
    },
  );

  app.get(
    '/api/admin/packages.php',
    {
      schema: {
        summary: 'A site’s credit packages, switched-off ones too',
        tags: ['admin'],
        querystring: siteIdQuery,
        response: { 200: adminPackagesResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return { packages: await listPackages(services.db, request.query.site_id) };
    },
  );

  app.post(
    '/api/admin/packages.php',
    {
      schema: {
        summary: 'A new credit package on a site',
        tags: ['admin'],
        body: packageCreate,
        response: { 201: adminPackageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      const created = await createPackage(services, staff, request.body);
      return reply.status(201).send({ package: created });
    },
  );

  app.patch(
    '/api/admin/packages.php',
    {
      schema: {
        summary: 'Changes a package: credits, prices per currency and per country, popular, active, position',
        tags: ['admin'],
        querystring: idQuery,
        body: packageEdit,
        response: { 200: adminPackageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { package: await editPackage(services, staff, request.query.id, request.body) };
    },
  );

  app.delete(
    '/api/admin/packages.php',
    {
      schema: {
        summary: 'Removes a package no payment names (one that was bought is switched off instead)',
        tags: ['admin'],
        querystring: idQuery,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      await deletePackage(services, staff, request.query.id);
      return { deleted: true as const };
    },
  );

  app.get(
    '/api/admin/discount-codes.php',
    {
      schema: {
        summary: 'A site’s discount codes with their uses, newest first',
        tags: ['admin'],
        querystring: siteIdQuery,
        response: { 200: adminDiscountCodesResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return { discount_codes: await listDiscountCodes(services, request.query.site_id) };
    },
  );

  app.post(
    '/api/admin/discount-codes.php',
    {
      schema: {
        summary: 'A new discount code on a site (unique per site)',
        tags: ['admin'],
        body: discountCodeCreate,
        response: { 201: adminDiscountCodeResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      const created = await createDiscountCode(services, staff, request.body);
      return reply.status(201).send({ discount_code: created });
    },
  );

  app.patch(
    '/api/admin/discount-codes.php',
    {
      schema: {
        summary: 'Switches a discount code off or on',
        tags: ['admin'],
        querystring: idQuery,
        body: discountCodeEdit,
        response: { 200: adminDiscountCodeResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { discount_code: await editDiscountCode(services, staff, request.query.id, request.body) };
    },
  );

  app.get(
    '/api/admin/gifts.php',
    {
      schema: {
        summary: 'The gift catalogue (all sites), and the known gifts not in it',
        tags: ['admin'],
        response: { 200: adminGiftsResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return listGifts(services.db);
    },
  );

  app.post(
    '/api/admin/gifts.php',
    {
      schema: {
        summary: 'Adds a known gift to the catalogue',
        tags: ['admin'],
        body: giftCreate,
        response: { 201: adminGiftResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return reply.status(201).send({ gift: await createGift(services, staff, request.body) });
    },
  );

  app.patch(
    '/api/admin/gifts.php',
    {
      schema: {
        summary: 'Changes a gift’s price, availability or place',
        tags: ['admin'],
        querystring: idQuery,
        body: giftEdit,
        response: { 200: adminGiftResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { gift: await editGift(services, staff, request.query.id, request.body) };
    },
  );
};
