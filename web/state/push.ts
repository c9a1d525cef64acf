import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { pushEndpoints } from '../../common/api/endpoints/push';
import type { PushPayload, PushSubscriptionBody } from '../../common/api/push';
import { chatsKey } from '../api/chat-cache';
import { call } from '../api/client';
import { likesKey } from '../api/likes';
import { useSettings } from '../api/site';
import { setPushSubscribed, userKey } from '../api/user';
import type { PushArrived } from '../sw/messages';
import { workerPossible, workerRegistration } from './service-worker';

/**
 * Push: not capable (no push in this browser, or the site has no key); capable and
 * not subscribed; subscribed; denied (the member refused notifications in the browser).
 */
export type PushState = 'not-capable' | 'not-subscribed' | 'subscribed' | 'denied';

/** The push state: the state and the last push message this page was told of. */
export type PushSnapshot = { state: PushState; lastMessage: PushPayload | null };

let snapshot: PushSnapshot = { state: 'not-capable', lastMessage: null };
const listeners = new Set<() => void>();

function update(next: Partial<PushSnapshot>) {
  snapshot = { ...snapshot, ...next };
  // While subscribed the user and chats are asked for less often: the pushes tell of what is new.
  setPushSubscribed(snapshot.state === 'subscribed');
  for (const listener of listeners) listener();
}

export function usePush(): PushSnapshot {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
    () => snapshot,
  );
}

/** The browser has the Push API and notifications at all (a secure page, a browser that supports them). */
function pushApis(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The state of this browser for a site whose push key is `publicKey` (settings.push_public_key). */
export async function readPushState(publicKey: string | null | undefined): Promise<PushState> {
  if (!publicKey || !pushApis()) return 'not-capable';
  if (Notification.permission === 'denied') return 'denied';
  // Without a built app there is no worker to receive pushes (`vite` dev mode).
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration && !workerPossible()) return 'not-capable';
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'subscribed' : 'not-subscribed';
}

/** Reads the state again (at start, and when the member may have changed it elsewhere) and publishes it. */
export async function refreshPushState(publicKey: string | null | undefined): Promise<PushState> {
  const state = await readPushState(publicKey);
  update({ state });
  return state;
}

/** A VAPID public key as the Push API wants it: the bytes of its base64url text. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Registers the subscription: it belongs to the member logged in here. */
function postSubscription(subscription: PushSubscription) {
  return call(pushEndpoints.register, {
    body: { subscription: subscription.toJSON() as PushSubscriptionBody },
  });
}

/**
 * Subscribing registers a push worker and then posts the subscription to the account:
 * asks for permission, subscribes with the site's key and tells the server. A refused prompt leaves
 * the state denied; a dismissed one leaves it as it was. A subscription the server refuses is given
 * up again, so the browser never holds one that nothing sends to.
 */
export async function subscribePush(publicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    const state = permission === 'denied' ? 'denied' : 'not-subscribed';
    update({ state });
    return state;
  }
  const registration = await workerRegistration();
  if (!registration) throw new Error('no service worker');
  // Subscribing needs an active worker: a fresh registration is still installing.
  await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with an earlier key of the site cannot receive its pushes any more.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  try {
    await postSubscription(subscription);
  } catch (error) {
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  update({ state: 'subscribed' });
  return 'subscribed';
}

/** Push off in this browser: the server forgets the subscription (DELETE), then the browser gives it up. */
export async function unsubscribePush(): Promise<void> {
  const subscription = pushApis() ? await currentSubscription() : null;
  if (subscription) {
    await call(pushEndpoints.remove, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  update({ state: snapshot.state === 'not-capable' ? 'not-capable' : 'not-subscribed' });
}

/**
 * A member logged in on a browser that already has a subscription (perhaps made by someone else
 * who used it): it is posted again, so that the pushes now go to whoever is logged in here.
 */
export async function resendSubscription(): Promise<void> {
  if (!pushApis() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await postSubscription(subscription);
}

/**
 * The worker tells every open page of each push (web/sw/push.ts): on every push message
 * the user is refetched, and with it what the push is about (chats, likes).
 */
export function listenToWorker(client: QueryClient): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  const container = navigator.serviceWorker;
  const onMessage = (event: MessageEvent) => {
    const message = event.data as PushArrived | null;
    if (message?.type !== 'push') return;
    update({ lastMessage: message.payload });
    for (const queryKey of [userKey, chatsKey, likesKey]) void client.invalidateQueries({ queryKey });
  };
  container.addEventListener('message', onMessage);
  // Messages wait in a queue until the page says it listens.
  container.startMessages();
  return () => container.removeEventListener('message', onMessage);
}

/**
 * The member's side of push, held by the lazily loaded member part (components/Realtime.tsx, which
 * mounts afresh for each login): the state of this browser, the worker's messages, and the
 * subscription filed under whoever is logged in here. A change of the notification permission in the browser's own settings is followed too.
 */
export function useMemberPush() {
  const client = useQueryClient();
  const publicKey = useSettings().push_public_key;
  useEffect(() => listenToWorker(client), [client]);
  useEffect(() => {
    void refreshPushState(publicKey)
      .then((state) => (state === 'subscribed' ? resendSubscription() : undefined))
      .catch(() => undefined);
  }, [publicKey]);
  useEffect(() => {
    let status: PermissionStatus | null = null;
    let gone = false;
    const onChange = () => void refreshPushState(publicKey).catch(() => undefined);
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        if (gone) return;
        status = s;
        s.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      status?.removeEventListener('change', onChange);
    };
  }, [publicKey]);
}
