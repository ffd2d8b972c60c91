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
