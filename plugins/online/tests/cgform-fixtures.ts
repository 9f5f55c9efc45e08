import type { CgformField } from '../cgform-api';

/** A plain text field of a form definition (label = its name), for the unit and server tests alike. */
export const field = (dbFieldName: string, extra: Partial<CgformField> = {}): CgformField => ({
  dbFieldName,
  dbFieldTxt: dbFieldName,
  dbType: 'string',
  dbLength: 50,
  dbIsNull: 1,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  fieldShowType: 'text',
  orderNum: 0,
  ...extra,
});
