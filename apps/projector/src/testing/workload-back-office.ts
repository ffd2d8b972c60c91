/**
 * The back-office part of the generated workload (generate-workload.ts): notes, e-mails, settings,
 * integrations and canned replies, between the conversations.
 */
import { cannedReplyCategories, streams } from '@atende/events';
import {
  AGENT_TEXTS,
  CUSTOMER_TEXTS,
  type GeneratedEvent,
  type WorkloadContext,
} from './workload-context.js';

/** The notes and canned replies that exist so far (edited and deleted later). */
export interface BackOffice {
  notes: string[];
  cannedReplies: string[];
}

/** One back-office action, as one event. */
export function* backOfficeActivity(w: WorkloadContext, office: BackOffice): Generator<GeneratedEvent> {
  const { ws, agents, random, pick, clock, iso, nextSeq, emit } = w;
  const { notes, cannedReplies } = office;
  const seq = nextSeq();
  const by = pick(agents);
  const what = random();
  if (what < 0.35) {
    const noteId = `note-${seq}`;
    notes.push(noteId);
    yield* emit(
      streams.note(noteId),
      {
        type: 'NoteCreated',
        data: {
          noteId,
          authorId: by,
          title: `Retornar cliente ${seq}`,
          content: pick(CUSTOMER_TEXTS),
          reminder: random() < 0.3 ? new Date(clock() + 86_400_000).toISOString() : null,
          tags: ['follow-up'],
          isPinned: random() < 0.2,
        },
      },
      by,
    );
  } else if (what < 0.5 && notes.length > 0) {
    const noteId = notes[Math.floor(random() * notes.length)]!;
    if (random() < 0.3) {
      notes.splice(notes.indexOf(noteId), 1);
      yield* emit(streams.note(noteId), { type: 'NoteDeleted', data: { noteId } }, by);
    } else {
      yield* emit(
        streams.note(noteId),
        { type: 'NoteTagsChanged', data: { noteId, tags: ['follow-up', 'urgente'] } },
        by,
      );
    }
  } else if (what < 0.7) {
    const emailId = `email-${seq}`;
    const content = pick(AGENT_TEXTS);
    yield* emit(
      streams.email(emailId),
      {
        type: 'EmailSent',
        data: {
          emailId,
          authorId: by,
          to: ['cliente@exemplo.com.br'],
          cc: [],
          subject: `Pedido ${seq}`,
          content,
          preview: content.slice(0, 100),
          priority: 'medium',
          kind: 'new',
          inReplyTo: null,
        },
      },
      by,
    );
  } else if (what < 0.85) {
    const emailId = `email-${seq}`;
    const content = pick(CUSTOMER_TEXTS);
    yield* emit(streams.email(emailId), {
      type: 'EmailReceived',
      data: {
        emailId,
        sender: 'cliente@exemplo.com.br',
        subject: `Dúvida ${seq}`,
        content,
        preview: content.slice(0, 100),
        priority: 'low',
        hasAttachments: false,
        receivedAt: iso(),
      },
    });
  } else if (what < 0.93) {
    const type = pick(['telegram', 'email', 'website'] as const);
    yield* emit(
      streams.workspace(ws),
      random() < 0.6
        ? {
            type: 'IntegrationConfigured',
            data: {
              integrationType: type,
              config:
                type === 'telegram'
                  ? { 'Bot Token': `tok-${seq}` }
                  : type === 'email'
                    ? { 'SMTP Server': 'smtp.loja.com.br' }
                    : { 'Website URL': 'https://loja.com.br' },
            },
          }
        : { type: 'IntegrationDisconnected', data: { integrationType: type } },
      by,
    );
  } else if (what < 0.97) {
    const choice = random();
    if (choice < 0.4 || cannedReplies.length === 0) {
      const cannedReplyId = `canned-${seq}`;
      cannedReplies.push(cannedReplyId);
      yield* emit(
        streams.cannedreply(cannedReplyId),
        {
          type: 'CannedReplyCreated',
          data: {
            cannedReplyId,
            text: pick(AGENT_TEXTS),
            category: pick(cannedReplyCategories),
            keywords: 'pedido entrega prazo',
            createdBy: by,
          },
        },
        by,
      );
    } else {
      const cannedReplyId = cannedReplies[Math.floor(random() * cannedReplies.length)]!;
      if (choice < 0.75) {
        yield* emit(
          streams.cannedreply(cannedReplyId),
          {
            type: 'CannedReplyUpdated',
            data: {
              cannedReplyId,
              text: `${pick(AGENT_TEXTS)} (${seq})`,
              category: pick(cannedReplyCategories),
              keywords: 'pix boleto cartao',
            },
          },
          by,
        );
      } else {
        cannedReplies.splice(cannedReplies.indexOf(cannedReplyId), 1);
        yield* emit(
          streams.cannedreply(cannedReplyId),
          { type: 'CannedReplyDeleted', data: { cannedReplyId } },
          by,
        );
      }
    }
  } else {
    yield* emit(
      streams.workspace(ws),
      {
        type: 'WorkspaceSettingsChanged',
        data: {
          settings: {
            company: { name: 'Loja Bench', email: 'contato@loja.com.br', phone: '', website: '' },
            appearance: {
              theme: 'auto',
              language: 'pt-BR',
              timezone: pick(['America/Sao_Paulo', 'Europe/London'] as const),
            },
            notifications: { email: true, push: true, sound: false, desktop: true },
            security: { twoFactor: false, sessionTimeout: 30, passwordExpiry: 90 },
          },
        },
      },
      by,
    );
  }
}
