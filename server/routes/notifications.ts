import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsEndpoints } from '../../common/api/endpoints/notifications';
import { notificationsResponse, notificationsUpdate } from '../../common/api/settings-account';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import {
  enableEmail,
  essentialNotificationsOnly,
  notificationsOf,
  updateNotificationSettings,
} from '../services/accounts/account';

const errors = [400, 403] as const;

/** The member's notification settings: the notification kinds per channel, and whether e-mail is off. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  serve(
    app,
    notificationsEndpoints.get,
    {
      summary: 'Notification settings of the logged-in member',
      schemas: { response: notificationsResponse },
      errors,
    },
    async (request) => ({
      notifications: await notificationsOf(db, await requireMember(request, app.services)),
    }),
  );

  serve(
    app,
    notificationsEndpoints.update,
    {
      summary: 'Changes some notification kinds; the others keep their value',
      schemas: { body: notificationsUpdate, response: notificationsResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { notifications: await updateNotificationSettings(db, memberId, request.body) };
    },
  );

  serve(
    app,
    notificationsEndpoints.essentialOnly,
    {
      summary: 'Fewer notifications: e-mail only about conversations, messages and likes',
      schemas: { response: notificationsResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { notifications: await essentialNotificationsOnly(db, memberId) };
    },
  );

  serve(
    app,
    notificationsEndpoints.enableEmail,
    {
      summary: 'Turns e-mail back on after a spam flag, a bounce or an unsubscribe',
      schemas: { response: notificationsResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { notifications: await enableEmail(db, memberId) };
    },
  );
};
