import { describe, expect, it } from 'vitest';
import { numberedReportSql, ReportSqlError, splitReportSql } from '../../../../server/routes/online-report-tables';

describe('report SQL placeholders', () => {
  it("turns '${name}' (quotes included) and ${name} into one bound parameter per name", () => {
    const template = splitReportSql("select * from t where a = '${name}' and b >= ${min} or c = ${name};");
    expect(template.names).toEqual(['name', 'min']);
    expect(template.slots).toEqual(['name', 'min', 'name']);
    expect(numberedReportSql(template)).toBe('select * from t where a = $1 and b >= $2 or c = $1');
  });

  it('keeps a statement without placeholders as it is, less a trailing semicolon', () => {
    const template = splitReportSql('select 1 as a ;\n');
    expect(template.names).toEqual([]);
    expect(numberedReportSql(template)).toBe('select 1 as a');
  });

  it('refuses a placeholder that is no identifier', () => {
    expect(() => splitReportSql("select '${a'' or 1=1}'")).toThrow(ReportSqlError);
    expect(() => splitReportSql('select ${}')).toThrow('报表参数名不合法：');
  });
});
