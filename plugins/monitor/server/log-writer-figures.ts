import { formatShopTime, type LogWriterHealth } from '../../../server/kit';
import type { LogWriterFigures } from '../contracts';

/** Enough of a failed row to tell which it was; the whole row is in the server log. */
const ROW_CHARS = 400;

/** The log writer's health as 系统信息 shows it. */
export function logWriterFigures(health: LogWriterHealth): LogWriterFigures {
  return {
    failedRows: health.failedRows,
    droppedRows: health.droppedRows,
    recentFailures: health.recentFailures.map((failure) => {
      const row = JSON.stringify(failure.row);
      return { failedAt: formatShopTime(failure.failedAt), table: failure.table, row: row.length > ROW_CHARS ? `${row.slice(0, ROW_CHARS)}…` : row, error: failure.error };
    }),
  };
}
