import type { FastifyBaseLogger } from 'fastify';

/**
 * What a decision does once its transaction committed: mails, closing sockets, removing files.
 * Never inside the transaction (transactions never await the network), and a failure
 * here does not undo the decision: it is logged, and the member finds the notice in their account.
 */
export type AfterCommit = (() => Promise<void>)[];

export async function runAfterCommit(tasks: AfterCommit, log?: Pick<FastifyBaseLogger, 'error'>) {
  for (const task of tasks) {
    try {
      await task();
    } catch (err) {
      log?.error({ err }, 'after a moderation decision');
    }
  }
}
