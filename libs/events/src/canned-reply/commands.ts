import type { CannedReplyCategory } from './categories.js';

export type CannedReplyCommand =
  | {
      type: 'CreateCannedReply';
      data: {
        cannedReplyId: string;
        text: string;
        category: CannedReplyCategory;
        /** Words customers use when the reply fits; none when left out. */
        keywords?: string;
        createdBy: string;
      };
    }
  | {
      type: 'UpdateCannedReply';
      /** `keywords` left out keeps the current ones. */
      data: { text: string; category: CannedReplyCategory; keywords?: string };
    }
  | { type: 'DeleteCannedReply'; data: Record<string, never> };
