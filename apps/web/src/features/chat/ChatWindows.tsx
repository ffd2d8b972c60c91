/** The floating chat windows of the signed-in agent, over every dashboard screen. */
export function ChatWindows() {
  return null;
}
