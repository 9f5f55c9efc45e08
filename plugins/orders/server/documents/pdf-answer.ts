/** How a printed document is answered: a PDF the browser's viewer shows, named after its document. */

export const PDF_MIME = 'application/pdf';

/** `inline` (the viewer shows it) with an ASCII fallback name and the UTF-8 one. */
export function pdfDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
