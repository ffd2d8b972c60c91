import type { Map as ImmutableMap } from 'immutable';

/**
 * A whatsapp-web.js serialized message id, `${fromMe}_${chat}_${id}`, in groups followed by
 * `_${participant}`: the chat and the participant are WhatsApp ids, which hold phone numbers.
 */
const WWEBJS_SERIALIZED = /^(true|false)_[^_@]+@[^_@]+_([^_@]+)(?:_[^_@]+@[^_@]+)?$/;

/**
 * A provider message id without the address some drivers once put in it: a whatsapp-web.js
 * serialized id (`false_5511955554444@c.us_3EB0…`) becomes `false_3EB0…`, the form drivers report
 * now (issue 26: an address only ever sealed). Any other id is returned as it is.
 */
export function providerIdWithoutAddress(providerMessageId: string): string {
  const parts = WWEBJS_SERIALIZED.exec(providerMessageId);
  return parts ? `${parts[1]}_${parts[2]}` : providerMessageId;
}

/**
 * Records a provider id in a conversation's index. An id recorded with its address (before
 * issue 26) is indexed under its address-free form too, so a backfilled duplicate or an ack now
 * reported in that form still finds the message.
 */
export function indexProviderId(
  index: ImmutableMap<string, string>,
  providerMessageId: string,
  messageId: string,
): ImmutableMap<string, string> {
  const next = index.set(providerMessageId, messageId);
  const bare = providerIdWithoutAddress(providerMessageId);
  return bare === providerMessageId || next.has(bare) ? next : next.set(bare, messageId);
}

/** Our message id for a provider id, in whichever form it comes (see indexProviderId). */
export function messageIdOfProviderId(
  index: ImmutableMap<string, string>,
  providerMessageId: string,
): string | undefined {
  return index.get(providerMessageId) ?? index.get(providerIdWithoutAddress(providerMessageId));
}
