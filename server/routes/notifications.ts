import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
import { notificationsResponse, notificationsUpdate } from '../../common/api/settings-account';
import { requireMember } from '../plugins/auth';
import {
  enableEmail,
  essentialNotificationsOnly,
  notificationsOf,
  updateNotificationSettings,
} from '../services/accounts/account';

const errors = { 400: errorResponse, 403: errorResponse };

/** The member's notification settings: the kinds of SPEC §3 per channel, and whether e-mail is off. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/api/notifications.php',
    {
      schema: {
        summary: 'Notification settings of the logged-in member',
        response: { 200: notificationsResponse, ...errors },
      },
    },
    async (request) => ({
      notifications: await notificationsOf(db, await requireMember(request, app.services)),
    }),
  );

  app.put(
    '/api/notifications.php',
    {
      schema: {
        summary: 'Changes some notification kinds; the others keep their value',
        body: notificationsUpdate,
        response: { 200: notificationsResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { notifications: await updateNotificationSettings(db, memberId, request.body) };
    },
  );

  app.post(
    '/api/notifications-essential.php',
    {
      schema: {
        summary: 'Fewer notifications: e-mail only about conversations, messages and likes',
        response: { 200: notificationsResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { notifications: await essentialNotificationsOnly(db, memberId) };
    },
  );

  app.delete(
    '/api/notifications-disabled.php',
    {
      schema: {
        summary: 'Turns e-mail back on after a spam flag, a bounce or an unsubscribe (SPEC §8)',
        response: { 200: notificationsResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { notifications: await enableEmail(db, memberId) };
    },
  );
};
