/** whatsapp-web.js `MessageAck` values the driver reports. */
export const ACK_DEVICE = 2;
export const ACK_READ = 3;
export const ACK_PLAYED = 4;

/** The delivery status of a provider ack: 2 → delivered, 3 (read), 4 (played) → read; lower: none. */
export function ackStatus(ack: number): 'delivered' | 'read' | null {
  if (ack === ACK_DEVICE) return 'delivered';
  if (ack >= ACK_READ) return 'read';
  return null;
}
