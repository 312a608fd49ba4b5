import type { Db } from '../db/client';
import { messages, supportConversations } from '../db/schema/social';

// SPEC §7 Messages and feedback in the demo: the driver asked support a question yesterday and
// the support agent answered within the hours (SPEC §1); both sides have read it, so the chat
// opens with a conversation and no badge. Nothing here moves money.

const HOUR_MS = 3_600_000;

export const demoConversation = {
  question: 'Здравствуйте! Как остановить зарядку, если телефон разрядился?',
  answer:
    'Здравствуйте, Иван! Нажмите кнопку «Стоп» на станции или приложите свою RFID-карту: сессия завершится, а чек придёт на почту.',
} as const;

/** The driver's conversation with support: a question, the answer, both read. */
export async function insertDemoConversation(
  db: Db,
  people: { driverId: string; supportId: string },
  now = new Date(),
): Promise<void> {
  // Yesterday at 10:00 and 10:12 in UTC+2 (8:00 and 8:12 UTC): within the support hours.
  const day = new Date(now.getTime() - 24 * HOUR_MS);
  const askedAt = new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 8, 0),
  );
  const answeredAt = new Date(askedAt.getTime() + 12 * 60_000);
  const readAt = new Date(answeredAt.getTime() + 30 * 60_000);
  // One after the other: the answer's seq follows the question's.
  const [question] = await db
    .insert(messages)
    .values({
      userId: people.driverId,
      author: 'user',
      text: demoConversation.question,
      createdAt: askedAt,
      readAt: new Date(askedAt.getTime() + 5 * 60_000),
    })
    .returning({ seq: messages.seq });
  const [answer] = await db
    .insert(messages)
    .values({
      userId: people.driverId,
      author: 'support',
      staffUserId: people.supportId,
      text: demoConversation.answer,
      createdAt: answeredAt,
      readAt,
    })
    .returning({ seq: messages.seq });
  if (!question || !answer) throw new Error('demo conversation insert failed');
  await db.insert(supportConversations).values({
    userId: people.driverId,
    lastSeq: answer.seq,
    lastMessageAt: answeredAt,
    lastText: demoConversation.answer,
    lastAuthor: 'support',
    waitingSince: null,
    supportReadSeq: question.seq,
    userReadSeq: answer.seq,
  });
}
