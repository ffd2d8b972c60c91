import type { Conversation } from '../../api/types';

type Rows = Readonly<Record<string, Conversation | undefined>>;

/**
 * How far the server's unread total moved between two views of the live list. Rows in both count
 * their difference. A row that joined counts when it is new (`joined`: a pushed row); one that
 * left counts only when the server took it from this member (`left`: conversation:removed). An
 * archived row just leaves the list: the server's total keeps its unread messages.
 */
export function unreadShift(before: Rows, after: Rows, counts: { joined: boolean; left: boolean }): number {
  let shift = 0;
  for (const [id, row] of Object.entries(after)) {
    if (!row) continue;
    const was = before[id];
    if (was) shift += row.unreadCount - was.unreadCount;
    else if (counts.joined) shift += row.unreadCount;
  }
  if (counts.left) {
    for (const [id, was] of Object.entries(before)) if (was && !after[id]) shift -= was.unreadCount;
  }
  return shift;
}
