import type {
  mailChangeConfirm,
  mailChangeConfirmResponse,
  mailChangeRequest,
  sentResponse,
} from '../account-mail';
import { endpoint } from '../contract';

/** Changing the account's e-mail address, confirmed by a link mailed to the new one. */
export const mailChangeEndpoints = {
  request: endpoint<{ body: typeof mailChangeRequest; response: typeof sentResponse }>(
    'POST',
    '/api/mail-change.php',
  ),
  confirm: endpoint<{ body: typeof mailChangeConfirm; response: typeof mailChangeConfirmResponse }>(
    'PUT',
    '/api/mail-change.php',
  ),
};
