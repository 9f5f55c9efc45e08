/** What 订单列表's warehouse prints ask for (components/warehouse-print-model.ts): the selection, else the list's filter. */
import { describe, expect, it } from 'vitest';
import { fileNameOf, printScope } from '../../components/warehouse-print-model';

describe('warehouse print scope', () => {
  it('prints the selected rows when there are any, else the list’s query as text (empty values left out)', () => {
    expect(printScope(['a1', 'b2'], { status: '10' })).toEqual({ ids: ['a1', 'b2'] });
    expect(printScope([], { status: ['10'], payTime_end: '2025-01-02 00:00:00', payPrice_begin: 5, no: '', remark: null })).toEqual({
      filter: { status: '10', payTime_end: '2025-01-02 00:00:00', payPrice_begin: '5' },
    });
  });

  it('names the saved file as the server filed it', () => {
    const header = `inline; filename="_________-20250102-153000.pdf"; filename*=UTF-8''${encodeURIComponent('配货单-20250102-153000.pdf')}`;
    expect(fileNameOf(header, 'x.pdf')).toBe('配货单-20250102-153000.pdf');
    expect(fileNameOf('inline; filename="labels.pdf"', 'x.pdf')).toBe('labels.pdf');
    expect(fileNameOf(undefined, 'x.pdf')).toBe('x.pdf');
  });
});
