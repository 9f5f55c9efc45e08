import { Drawer } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useUrlParam } from '../../../src/toolkit/crud';
import { AttrList } from '../components/attr-list';
import { ATTR_TYPE, typeEntity, type TypeRecord } from '../entities';
import { RECORD_ID_SOURCE } from '../../../src/contracts/record-id';

/** `?attrs=<typeId>:<attr type>`: the drawer of a type's 规格列表 or 参数列表 (a reload reopens it). */
const ATTRS_KEY = 'attrs';
const ATTRS_VALUE = new RegExp(`^(${RECORD_ID_SOURCE}):([01])$`);

/**
 * 类型: the attribute sets with their 规格数量 / 参数数量; 规格列表 and 参数列表 open the attributes of the
 * type in a drawer, the type and kind fixed (new attributes there get them too).
 */
export default function TypeListPage() {
  const { t } = useTranslation('goods');
  const [attrs, setAttrs] = useUrlParam(ATTRS_KEY);
  const match = attrs === null ? null : ATTRS_VALUE.exec(attrs);
  const typeId = match?.[1];
  const kind = match?.[2];
  const fixedValues = useMemo(() => (typeId !== undefined && kind !== undefined ? { typeId, type: kind } : undefined), [typeId, kind]);
  const open = (record: TypeRecord, attrType: string) => setAttrs(`${String(record.id)}:${attrType}`);
  return (
    <>
      <EntityListPage<TypeRecord>
        entity={typeEntity}
        permissionPrefix={typeEntity.permission}
        rowActions={() => [
          { key: 'specList', label: t('type.specList'), onClick: (record) => open(record, ATTR_TYPE.spec) },
          { key: 'paramList', label: t('type.paramList'), onClick: (record) => open(record, ATTR_TYPE.param) },
        ]}
      />
      <Drawer open={fixedValues !== undefined} width={960} title={t(kind === ATTR_TYPE.param ? 'type.paramList' : 'type.specList')} onClose={() => setAttrs(null)} destroyOnHidden>
        {fixedValues !== undefined ? <AttrList fixedValues={fixedValues} urlPrefix="attr" card={false} /> : null}
      </Drawer>
    </>
  );
}
