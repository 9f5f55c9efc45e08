import { describe, expect, it } from 'vitest';
import { fileKindOf, humanSize, previewOf } from '../../file-kinds';

describe('humanSize', () => {
  it('reads bytes as people do', () => {
    expect(humanSize(0)).toBe('0 B');
    expect(humanSize(1023)).toBe('1023 B');
    expect(humanSize(1024)).toBe('1 KB');
    expect(humanSize(1536)).toBe('1.5 KB');
    expect(humanSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(humanSize(12.34 * 1024 * 1024)).toBe('12 MB');
    expect(humanSize(3 * 1024 ** 4)).toBe('3 TB');
    expect(humanSize(null)).toBe('');
    expect(humanSize(-1)).toBe('');
  });
});

describe('previewOf', () => {
  it('previews images and PDFs only', () => {
    expect(previewOf('PNG')).toBe('image');
    expect(previewOf('jpeg')).toBe('image');
    expect(previewOf('pdf')).toBe('pdf');
    expect(previewOf('docx')).toBeNull();
    expect(previewOf(null)).toBeNull();
    expect(fileKindOf('xlsx')).toBe('excel');
    expect(fileKindOf('exe')).toBe('other');
  });
});
