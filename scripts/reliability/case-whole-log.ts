/**
 * test:reliability's last case: every case's messages together, in the whole inbox and the whole
 * event log (counts, unread, no duplicate of any kind).
 */
import { InboxReader, readEventLog, verifyEventLog } from './checks.js';
import { int, runCase, type CaseResult, type RunContext } from './cases.js';
import { loginDemo } from './http-client.js';

export function wholeLog({ client, eventsDb, sent }: RunContext): Promise<CaseResult> {
  return runCase('All cases together: the whole log and inbox', async (figures, violations) => {
    const { cookie } = await loginDemo(client);
    const inbox = new InboxReader(client, cookie);
    const conversations = await inbox.conversations();
    const stats = await inbox.stats();
    const expected = sent.reduce((n, s) => n + s.messages, 0);
    const unread = conversations.reduce((n, c) => n + c.unreadCount, 0);
    const count = conversations.reduce((n, c) => n + c.messageCount, 0);
    if (count !== expected) violations.push(`Σ messageCount ${count}, expected ${expected}`);
    if (unread !== expected) violations.push(`Σ unreadCount ${unread}, expected ${expected}`);
    if (stats.unreadTotal !== expected)
      violations.push(`stats.unreadTotal ${String(stats.unreadTotal)}, expected ${expected}`);
    if (new Set(conversations.map((c) => c.id)).size !== conversations.length) {
      violations.push('a conversation is listed twice across pages');
    }
    const eventLog = readEventLog(eventsDb);
    verifyEventLog(eventLog, sent, violations);
    if (eventLog.inbound !== expected)
      violations.push(`${eventLog.inbound} inbound events, expected ${expected}`);
    figures.push(
      `${int(conversations.length)} conversations, Σ messageCount ${int(count)}, Σ unread ${int(unread)} ` +
        `(stats ${String(stats.unreadTotal)}); event log ${int(eventLog.events)} events, ${int(eventLog.inbound)} inbound, ` +
        `duplicates: providerMessageId ${eventLog.duplicateProviderIds}, message id ${eventLog.duplicateMessageIds}, ` +
        `ConversationStarted ${eventLog.duplicateConversationStarts}, event id ${eventLog.duplicateEventIds}`,
    );
  });
}
