import type { Services } from '../bag';
import { mailMember, sendMemberMail } from './member-mail';

/** "j•••@example.org": enough for the owner to recognise, too little to hand out the new address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, 1)}•••${email.slice(at)}`;
}

/**
 * Tells the previous address that the account's address changed, with the way to customer service,
 * so that a change its owner did not make does not go unnoticed. It carries no link.
 */
export async function sendEmailChangedNotice(
  services: Services,
  memberId: number,
  oldEmail: string,
  newEmail: string,
): Promise<void> {
  const member = await mailMember(services, memberId);
  if (!member) return;
  await sendMemberMail(services, member, {
    kind: 'emailChanged',
    to: oldEmail,
    vars: { email: maskEmail(newEmail), support: member.site.settings.support_email },
  });
}
