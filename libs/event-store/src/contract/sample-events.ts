import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { atendeRegistry, newId, type NewEvent } from '@atende/events';

/** A valid NoteCreated ready to append, for store tests (any valid event would do). */
export function sampleEvent(title: string, workspaceId = 'w-contract'): NewEvent {
  return atendeRegistry.prepare(
    {
      type: 'NoteCreated',
      data: {
        noteId: newId(),
        authorId: 'u-contract',
        title,
        content: `conteúdo de ${title}`,
        reminder: null,
        tags: [],
        isPinned: false,
      },
    },
    { workspaceId },
  );
}

/** The record of a workspace's deletion (kept when the workspace's other events are erased). */
export function sampleWorkspaceDeletion(workspaceId: string): NewEvent {
  return atendeRegistry.prepare(
    {
      type: 'WorkspaceDataDeleted',
      data: { workspaceId, deletedBy: 'u-contract', memberIds: [], channelSessionIds: [] },
    },
    { workspaceId },
  );
}

/** A valid InboundMessageReceived of a customer's chat ready to append (the fields that get sealed). */
export function sampleInbound(options: {
  workspaceId: string;
  chatId: string;
  content: string;
  senderName?: string;
  providerMessageId?: string;
}): NewEvent {
  return atendeRegistry.prepare(
    {
      type: 'InboundMessageReceived',
      data: {
        messageId: newId(),
        chatId: options.chatId,
        sessionId: 's1',
        providerMessageId: options.providerMessageId ?? newId(),
        content: options.content,
        type: 'text',
        mediaUrl: null,
        mediaStatus: 'none',
        senderName: options.senderName ?? 'Cliente',
        senderPhone: options.chatId.split('@')[0]!,
        timestamp: new Date().toISOString(),
      },
    },
    { workspaceId: options.workspaceId },
  );
}

/** Test aid: the event log's files in a folder (events.db and its WAL), as text, to scan for plaintext. */
export function eventLogText(dir: string): string {
  return readdirSync(dir)
    .filter((f) => f.startsWith('events.db'))
    .map((f) => readFileSync(path.join(dir, f)).toString('utf8'))
    .join('');
}
