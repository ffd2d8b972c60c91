import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';
import { CANNED_REPLY_KEYWORDS_MAX, CANNED_REPLY_TEXT_MAX, cannedReplyCategories } from './categories.js';

const id = z.string().min(1);
const text = z.string().min(1).max(CANNED_REPLY_TEXT_MAX);
const category = z.enum(cannedReplyCategories);
/** '' when the reply has none. */
const keywords = z.string().max(CANNED_REPLY_KEYWORDS_MAX);

/** A reply the team offers in the suggestions strip (stream `cannedreply-{id}`). */
export const CannedReplyCreated = defineEvent(
  'CannedReplyCreated',
  z.object({ cannedReplyId: id, text, category, keywords, createdBy: id }),
);
export const CannedReplyUpdated = defineEvent(
  'CannedReplyUpdated',
  z.object({ cannedReplyId: id, text, category, keywords }),
);
export const CannedReplyDeleted = defineEvent('CannedReplyDeleted', z.object({ cannedReplyId: id }));

export const cannedReplyEventDefinitions = [
  CannedReplyCreated,
  CannedReplyUpdated,
  CannedReplyDeleted,
] as const;

export type CannedReplyEvent =
  | EventOf<typeof CannedReplyCreated>
  | EventOf<typeof CannedReplyUpdated>
  | EventOf<typeof CannedReplyDeleted>;
