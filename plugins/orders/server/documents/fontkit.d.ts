/**
 * The one call of fontkit (pdfkit's own font engine, which ships no types) this plugin makes: parse a
 * font file once, so each document reuses it (pdfkit accepts a parsed font wherever it takes a path).
 */
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
