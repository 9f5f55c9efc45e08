/**
 * Prints the PDF shown in an embedded frame with the browser's own print; where the browser refuses (a viewer that
 * cannot be scripted), `blocked` runs instead (open it in a tab and say so).
 */
export function printFrame(frame: HTMLIFrameElement | null, blocked: () => void): void {
  const target = frame?.contentWindow;
  try {
    if (target === null || target === undefined) throw new Error('no embedded document');
    target.focus();
    target.print();
  } catch {
    blocked();
  }
}
