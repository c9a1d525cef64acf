import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  packageDeletedResponse,
  packageEdit,
  siteIdQuery,
  siteSettingsEdit,
} from '../../../common/api/admin/sites';
import { adminSitesEndpoints } from '../../../common/api/endpoints/admin/sites';
import { serve } from '../../plugins/endpoint';
import { requireStaff } from '../../plugins/staff-auth';
import {
  createDiscountCode,
  editDiscountCode,
  listDiscountCodes,
} from '../../services/admin/sites/discount-codes';
import { createGift, editGift, listGifts } from '../../services/admin/sites/gifts';
import { createPackage, deletePackage, editPackage, listPackages } from '../../services/admin/sites/packages';
import { listSites, siteForAdmin, updateSiteSettings } from '../../services/admin/sites/settings';

const errors = [400, 403, 404, 409] as const;
const tags = ['admin'];

/**
 * The sites screen of the console: sites' settings, credit packages, discount codes and
 * the gift catalogue. Any staff role may read them (support answers members' questions about
 * prices and codes); only an admin changes them (prices are money). Every change writes an audit
 * row in its own transaction.
 */
export const adminSitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  serve(
    app,
    adminSitesEndpoints.sites,
    { summary: 'Every site', tags, schemas: { response: adminSitesResponse }, errors },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return { sites: await listSites(services.db) };
    },
  );

  serve(
    app,
    adminSitesEndpoints.site,
    {
      summary: 'One site’s settings, with its companies, methods and currencies',
      tags,
      schemas: { query: idQuery, response: adminSiteResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return { site: await siteForAdmin(services, request.query.id) };
    },
  );

  serve(
    app,
    adminSitesEndpoints.saveSite,
    {
      summary: 'Writes a site’s settings (all of them); served at once',
      tags,
      schemas: { query: idQuery, body: siteSettingsEdit, response: adminSiteResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { site: await updateSiteSettings(services, staff, request.query.id, request.body) };
    },
  );

  serve(
    app,
    adminSitesEndpoints.packages,
    {
      summary: 'A site’s credit packages, switched-off ones too',
      tags,
      schemas: { query: siteIdQuery, response: adminPackagesResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return { packages: await listPackages(services.db, request.query.site_id) };
    },
  );

  serve(
    app,
    adminSitesEndpoints.createPackage,
    {
      summary: 'A new credit package on a site',
      tags,
      schemas: { body: packageCreate, response: adminPackageResponse },
      errors,
      status: 201,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { package: await createPackage(services, staff, request.body) };
    },
  );

  serve(
    app,
    adminSitesEndpoints.editPackage,
    {
      summary: 'Changes a package: credits, prices per currency and per country, popular, active, position',
      tags,
      schemas: { query: idQuery, body: packageEdit, response: adminPackageResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { package: await editPackage(services, staff, request.query.id, request.body) };
    },
  );

  serve(
    app,
    adminSitesEndpoints.deletePackage,
    {
      summary: 'Removes a package no payment names (one that was bought is switched off instead)',
      tags,
      schemas: { query: idQuery, response: packageDeletedResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      await deletePackage(services, staff, request.query.id);
      return { deleted: true as const };
    },
  );

  serve(
    app,
    adminSitesEndpoints.discountCodes,
    {
      summary: 'A site’s discount codes with their uses, newest first',
      tags,
      schemas: { query: siteIdQuery, response: adminDiscountCodesResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return { discount_codes: await listDiscountCodes(services, request.query.site_id) };
    },
  );

  serve(
    app,
    adminSitesEndpoints.createDiscountCode,
    {
      summary: 'A new discount code on a site (unique per site)',
      tags,
      schemas: { body: discountCodeCreate, response: adminDiscountCodeResponse },
      errors,
      status: 201,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { discount_code: await createDiscountCode(services, staff, request.body) };
    },
  );

  serve(
    app,
    adminSitesEndpoints.editDiscountCode,
    {
      summary: 'Switches a discount code off or on',
      tags,
      schemas: { query: idQuery, body: discountCodeEdit, response: adminDiscountCodeResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { discount_code: await editDiscountCode(services, staff, request.query.id, request.body) };
    },
  );

  serve(
    app,
    adminSitesEndpoints.gifts,
    {
      summary: 'The gift catalogue (all sites), and the known gifts not in it',
      tags,
      schemas: { response: adminGiftsResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return listGifts(services.db);
    },
  );

  serve(
    app,
    adminSitesEndpoints.createGift,
    {
      summary: 'Adds a known gift to the catalogue',
      tags,
      schemas: { body: giftCreate, response: adminGiftResponse },
      errors,
      status: 201,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { gift: await createGift(services, staff, request.body) };
    },
  );

  serve(
    app,
    adminSitesEndpoints.editGift,
    {
      summary: 'Changes a gift’s price, availability or place',
      tags,
      schemas: { query: idQuery, body: giftEdit, response: adminGiftResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      return { gift: await editGift(services, staff, request.query.id, request.body) };
    },
  );
};
