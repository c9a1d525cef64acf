import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userResponse } from '../../common/api/user';
import { AUTH_COOKIE } from '../../common/constants';
import { presentCard } from '../presenters/profile';
import { memberWithCard } from '../services/members';
import { memberForToken } from '../services/sessions';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user.php',
    {
      schema: {
        summary: 'The logged-in member, or null for a visitor',
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const now = app.services.now();
      const memberId = await memberForToken(app.services.db, request.cookies[AUTH_COOKIE], now);
      const found = memberId ? await memberWithCard(app.services.db, memberId) : null;
      if (!found || found.member.siteId !== request.site.id) return { user: null };
      const { member, card } = found;
      return {
        user: {
          status: member.status,
          credits: member.credits,
          paid_user: member.paidUser,
          signup_date: member.signupDate.toISOString(),
          language: member.language,
          notifications_disabled: member.notificationsDisabled,
          profile: presentCard(card, { paid: true }, now),
        },
      };
    },
  );
};
