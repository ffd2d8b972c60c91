import type { Decider } from '../core/decider.js';
import { assertNever } from '../core/decider.js';
import { DomainError } from '../core/errors.js';
import {
  CANNED_REPLY_KEYWORDS_MAX,
  CANNED_REPLY_TEXT_MAX,
  isCannedReplyCategory,
  type CannedReplyCategory,
} from './categories.js';
import type { CannedReplyCommand } from './commands.js';
import type { CannedReplyEvent } from './events.js';

export interface CannedReplyFields {
  cannedReplyId: string;
  text: string;
  category: CannedReplyCategory;
  keywords: string;
  createdBy: string;
}

export type CannedReplyState =
  { status: 'none' } | { status: 'active'; reply: CannedReplyFields } | { status: 'deleted' };

export const CANNED_REPLY_TEXT_REQUIRED_MESSAGE = 'O texto da resposta é obrigatório';
export const CANNED_REPLY_TEXT_TOO_LONG_MESSAGE = `O texto da resposta deve ter no máximo ${CANNED_REPLY_TEXT_MAX} caracteres`;
export const CANNED_REPLY_KEYWORDS_TOO_LONG_MESSAGE = `As palavras-chave devem ter no máximo ${CANNED_REPLY_KEYWORDS_MAX} caracteres`;
export const CANNED_REPLY_CATEGORY_INVALID_MESSAGE = 'Categoria inválida';
export const CANNED_REPLY_NOT_FOUND_MESSAGE = 'Resposta pronta não encontrada';

/** What a reply is made of, checked and normalised: text trimmed, keywords on one line. */
function fieldsOf(input: { text: string; category: string; keywords: string }): {
  text: string;
  category: CannedReplyCategory;
  keywords: string;
} {
  const text = input.text.trim();
  if (!text) throw new DomainError('CANNED_REPLY_TEXT_REQUIRED', CANNED_REPLY_TEXT_REQUIRED_MESSAGE);
  if (text.length > CANNED_REPLY_TEXT_MAX) {
    throw new DomainError('CANNED_REPLY_TEXT_TOO_LONG', CANNED_REPLY_TEXT_TOO_LONG_MESSAGE);
  }
  if (!isCannedReplyCategory(input.category)) {
    throw new DomainError('CANNED_REPLY_CATEGORY_INVALID', CANNED_REPLY_CATEGORY_INVALID_MESSAGE);
  }
  const keywords = input.keywords.trim().replace(/\s+/g, ' ');
  if (keywords.length > CANNED_REPLY_KEYWORDS_MAX) {
    throw new DomainError('CANNED_REPLY_KEYWORDS_TOO_LONG', CANNED_REPLY_KEYWORDS_TOO_LONG_MESSAGE);
  }
  return { text, category: input.category, keywords };
}

function requireActive(state: CannedReplyState): CannedReplyFields {
  if (state.status !== 'active') {
    throw new DomainError('CANNED_REPLY_NOT_FOUND', CANNED_REPLY_NOT_FOUND_MESSAGE);
  }
  return state.reply;
}

function decide(command: CannedReplyCommand, state: CannedReplyState): CannedReplyEvent[] {
  switch (command.type) {
    case 'CreateCannedReply': {
      if (state.status !== 'none') throw new DomainError('CANNED_REPLY_EXISTS', 'Resposta pronta já existe');
      const { cannedReplyId, createdBy } = command.data;
      const fields = fieldsOf({ ...command.data, keywords: command.data.keywords ?? '' });
      return [{ type: 'CannedReplyCreated', data: { cannedReplyId, ...fields, createdBy } }];
    }
    case 'UpdateCannedReply': {
      const reply = requireActive(state);
      const fields = fieldsOf({ ...command.data, keywords: command.data.keywords ?? reply.keywords });
      const same =
        fields.text === reply.text &&
        fields.category === reply.category &&
        fields.keywords === reply.keywords;
      return same
        ? []
        : [{ type: 'CannedReplyUpdated', data: { cannedReplyId: reply.cannedReplyId, ...fields } }];
    }
    case 'DeleteCannedReply': {
      const reply = requireActive(state);
      return [{ type: 'CannedReplyDeleted', data: { cannedReplyId: reply.cannedReplyId } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: CannedReplyState, event: CannedReplyEvent): CannedReplyState {
  switch (event.type) {
    case 'CannedReplyCreated':
      return { status: 'active', reply: { ...event.data } };
    case 'CannedReplyUpdated':
      return state.status === 'active'
        ? { status: 'active', reply: { ...state.reply, ...event.data } }
        : state;
    case 'CannedReplyDeleted':
      return { status: 'deleted' };
    default:
      return assertNever(event);
  }
}

/** A canned reply (Respostas prontas): created, edited and deleted by who manages the settings. */
export const cannedReplyDecider: Decider<CannedReplyCommand, CannedReplyEvent, CannedReplyState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
