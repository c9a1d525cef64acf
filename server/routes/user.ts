import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userResponse } from '../../common/api/user';
import { currentMemberId } from '../plugins/auth';
import { presentCard } from '../presenters/profile';
import { memberWithCard } from '../services/members';

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
      const memberId = await currentMemberId(request, app.services);
      const found = memberId ? await memberWithCard(app.services.db, memberId) : null;
      if (!found) return { user: null };
      const { member, card } = found;
      return {
        user: {
          status: member.status,
          credits: member.credits,
          paid_user: member.paidUser,
          signup_date: member.signupDate.toISOString(),
          language: member.language,
          notifications_disabled: member.notificationsDisabled,
          email_confirmed: member.emailConfirmedAt !== null,
          profile: presentCard(card, { paid: true }, now),
        },
      };
    },
  );
};
