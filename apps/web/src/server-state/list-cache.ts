/* Writing a change the server has answered into a cached list (RTK Query's `updateQueryData`). */

/**
 * Once the server has answered a change, hands its answer to `update`; a refused change leaves the
 * cache as it is (the dialog that asked shows why).
 */
export async function whenSaved<T>(saved: Promise<{ data: T }>, update: (data: T) => unknown): Promise<void> {
  let data: T;
  try {
    ({ data } = await saved);
  } catch {
    return;
  }
  update(data);
}

/** Puts `item` in place of the entry with its id, or at the end. */
export function upsertById<T extends { id: string }>(list: T[], item: T): void {
  const at = list.findIndex((entry) => entry.id === item.id);
  if (at >= 0) list[at] = item;
  else list.push(item);
}

export function removeById<T extends { id: string }>(list: T[], id: string): void {
  const at = list.findIndex((entry) => entry.id === id);
  if (at >= 0) list.splice(at, 1);
}
