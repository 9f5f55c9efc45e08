/** Hands a downloaded Blob to the browser as a file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A download answered with JSON is the server's refusal (`success: false`): its message ('' when it has none); null for a file. */
export async function refusalOfBlob(blob: Blob): Promise<string | null> {
  if (!blob.type.includes('json')) return null;
  try {
    const parsed: unknown = JSON.parse(await blob.text());
    return typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : '';
  } catch {
    return '';
  }
}
