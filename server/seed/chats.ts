import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '../../common/constants';
import type { Db } from '../db/client';
import { conversationMembers, conversations, members, messages } from '../db/schema';

/**
 * What the demo members write to each site's demo login, so a fresh start shows real chats: member
 * content in the member's own language, not interface text. Per chat, in order: `them` lines come
 * from the demo member, `me` from the demo login.
 */
export type Lines = { opener: string; question: string; reply: string; later: string; hello: string };

export const LINES: Record<Locale, Lines> = {
  en: {
    opener: 'Hi! Your profile made me smile 😊',
    question: 'What do you like to do at the weekend?',
    reply: 'Hi! Mostly cycling and cooking. And you?',
    later: 'Sounds good, shall we have a coffee some time?',
    hello: 'Hello, nice to meet you here!',
  },
  nl: {
    opener: 'Hoi! Je profiel maakte me aan het lachen 😊',
    question: 'Wat doe je het liefst in het weekend?',
    reply: 'Hoi! Vooral fietsen en koken. En jij?',
    later: 'Klinkt goed, zullen we een keer koffie drinken?',
    hello: 'Hallo, leuk je hier te zien!',
  },
  de: {
    opener: 'Hallo! Dein Profil hat mich zum Lächeln gebracht 😊',
    question: 'Was machst du am Wochenende am liebsten?',
    reply: 'Hallo! Meistens Radfahren und Kochen. Und du?',
    later: 'Klingt gut, wollen wir mal einen Kaffee trinken?',
    hello: 'Hallo, schön, dich hier zu treffen!',
  },
  it: {
    opener: 'Ciao! Il tuo profilo mi ha fatto sorridere 😊',
    question: 'Cosa ti piace fare nel fine settimana?',
    reply: 'Ciao! Soprattutto bici e cucina. E tu?',
    later: 'Bello, prendiamo un caffè prima o poi?',
    hello: 'Ciao, piacere di conoscerti qui!',
  },
  fr: {
    opener: 'Salut ! Ton profil m’a fait sourire 😊',
    question: 'Qu’est-ce que tu aimes faire le week-end ?',
    reply: 'Salut ! Surtout du vélo et de la cuisine. Et toi ?',
    later: 'Ça me plaît, on prend un café un de ces jours ?',
    hello: 'Bonjour, ravi de te rencontrer ici !',
  },
  es: {
    opener: '¡Hola! Tu perfil me ha sacado una sonrisa 😊',
    question: '¿Qué te gusta hacer el fin de semana?',
    reply: '¡Hola! Sobre todo bici y cocinar. ¿Y tú?',
    later: 'Suena bien, ¿tomamos un café algún día?',
    hello: '¡Hola, encantado de conocerte aquí!',
  },
  pl: {
    opener: 'Cześć! Twój profil wywołał uśmiech na mojej twarzy 😊',
    question: 'Co najbardziej lubisz robić w weekend?',
    reply: 'Cześć! Głównie rower i gotowanie. A ty?',
    later: 'Brzmi dobrze, może kiedyś kawa?',
    hello: 'Cześć, miło cię tu poznać!',
  },
  da: {
    opener: 'Hej! Din profil fik mig til at smile 😊',
    question: 'Hvad laver du helst i weekenden?',
    reply: 'Hej! Mest cykling og madlavning. Hvad med dig?',
    later: 'Det lyder godt, skal vi tage en kop kaffe en dag?',
    hello: 'Hej, dejligt at møde dig her!',
  },
  fi: {
    opener: 'Hei! Profiilisi sai minut hymyilemään 😊',
    question: 'Mitä teet mieluiten viikonloppuisin?',
    reply: 'Hei! Lähinnä pyöräilen ja kokkaan. Entä sinä?',
    later: 'Kuulostaa hyvältä, mennäänkö joskus kahville?',
    hello: 'Hei, kiva tavata sinut täällä!',
  },
  nb: {
    opener: 'Hei! Profilen din fikk meg til å smile 😊',
    question: 'Hva liker du best å gjøre i helgene?',
    reply: 'Hei! Mest sykling og matlaging. Og du?',
    later: 'Høres bra ut, skal vi ta en kaffe en gang?',
    hello: 'Hei, hyggelig å møte deg her!',
  },
  sv: {
    opener: 'Hej! Din profil fick mig att le 😊',
    question: 'Vad gör du helst på helgerna?',
    reply: 'Hej! Mest cykling och matlagning. Och du?',
    later: 'Låter bra, ska vi ta en fika någon gång?',
    hello: 'Hej, roligt att träffa dig här!',
  },
};

const HOUR_MS = 3_600_000;

type Line = { from: 'them' | 'me'; text: keyof Lines; hoursAgo: number };

/**
 * The demo login's chats: one a member started and it answered, one it started itself, one just
 * arrived; each ends with a message from the member, unread, so the badge shows. The login is a
 * free member: having started one chat it may start one more before the premium alert.
 */
const SCRIPTS: { startedByMe: boolean; lines: Line[] }[] = [
  {
    startedByMe: false,
    lines: [
      { from: 'them', text: 'opener', hoursAgo: 30 },
      { from: 'me', text: 'reply', hoursAgo: 29 },
      { from: 'them', text: 'question', hoursAgo: 2 },
    ],
  },
  {
    startedByMe: true,
    lines: [
      { from: 'me', text: 'hello', hoursAgo: 50 },
      { from: 'them', text: 'later', hoursAgo: 48 },
    ],
  },
  { startedByMe: false, lines: [{ from: 'them', text: 'hello', hoursAgo: 0.5 }] },
];

/**
 * Gives each site's demo login a few chats with demo members of its site who may be found (those
 * who like it first), once: a login that has any chat is left alone, so seeding again adds nothing.
 */
export async function seedDemoChats(
  db: Db,
  logins: { id: number; siteId: number }[],
  now: Date,
): Promise<void> {
  for (const login of logins) {
    const [has] = await db
      .select({ id: conversationMembers.conversationId })
      .from(conversationMembers)
      .where(eq(conversationMembers.memberId, login.id))
      .limit(1);
    if (has) continue;
    const [me] = await db
      .select({ language: members.language })
      .from(members)
      .where(eq(members.id, login.id));
    const lines = LINES[(me?.language as Locale) ?? 'en'] ?? LINES.en;
    const partners = await db.execute(sql`
      SELECT p.member_id AS id FROM profiles p
      WHERE p.site_id = ${login.siteId} AND p.searchable AND p.member_id <> ${login.id} AND p.gender = 'female'
      ORDER BY EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = p.member_id AND l.liked_id = ${login.id}) DESC,
        p.has_photo DESC, p.member_id
      LIMIT ${SCRIPTS.length}`);
    const ids = (partners.rows as { id: unknown }[]).map((r) => Number(r.id));
    await db.transaction(async (tx) => {
      for (const [i, otherId] of ids.entries()) {
        const script = SCRIPTS[i] as (typeof SCRIPTS)[number];
        const first = script.lines[0] as Line;
        const [conversation] = await tx
          .insert(conversations)
          .values({
            siteId: login.siteId,
            memberLow: Math.min(login.id, otherId),
            memberHigh: Math.max(login.id, otherId),
            startedBy: script.startedByMe ? login.id : otherId,
            createdAt: new Date(now.getTime() - first.hoursAgo * HOUR_MS),
          })
          .onConflictDoNothing()
          .returning({ id: conversations.id });
        if (!conversation) continue;
        const saved = await tx
          .insert(messages)
          .values(
            script.lines.map((line) => ({
              conversationId: conversation.id,
              senderId: line.from === 'me' ? login.id : otherId,
              clientId: randomUUID(),
              body: lines[line.text],
              credits: 0,
              createdAt: new Date(now.getTime() - line.hoursAgo * HOUR_MS),
            })),
          )
          .returning({ id: messages.id, senderId: messages.senderId, createdAt: messages.createdAt });
        const last = saved[saved.length - 1] as (typeof saved)[number];
        // What the login has not answered yet is unread for it; the member has read everything.
        const lastOfMine = Math.max(0, ...saved.filter((m) => m.senderId === login.id).map((m) => m.id));
        const unread = saved.filter((m) => m.senderId === otherId && m.id > lastOfMine);
        await tx.insert(conversationMembers).values([
          {
            conversationId: conversation.id,
            memberId: login.id,
            otherMemberId: otherId,
            unreadCount: unread.length,
            lastReadMessageId: lastOfMine || null,
            lastMessageId: last.id,
            lastMessageAt: last.createdAt,
          },
          {
            conversationId: conversation.id,
            memberId: otherId,
            otherMemberId: login.id,
            lastReadMessageId: last.id,
            lastMessageId: last.id,
            lastMessageAt: last.createdAt,
          },
        ]);
      }
    });
  }
}
