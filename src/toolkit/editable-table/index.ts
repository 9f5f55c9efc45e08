export { EditableTable, ROW_HEIGHT, SERIAL_COLUMN_WIDTH, CHECKBOX_COLUMN_WIDTH, CHECKBOX_COLUMN_WIDTH_WITH_FOOTER } from './editable-table';
export type { EditableTableApi, EditableTableProps, ValidationResult } from './editable-table';
export type { CellOption, ColumnType, EditableColumn, Row, StatisticKind, UploadCellValue, ValidateRule } from './types';
export { VALIDATION_PRESETS } from '../../contracts/validation-presets';
export type { PresetName } from '../../contracts/validation-presets';
export { RowStore } from './row-store';
export { applyRowUpdate, handleTableSocketMessage } from './socket-row-update';
