import { Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORG_CATEGORIES, departEntity, type DepartTreeNode } from '../entities';

interface ParentOption {
  value: string;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

function parentOptions(nodes: readonly DepartTreeNode[], blocked: ReadonlySet<string>): ParentOption[] {
  return nodes.map((node) => ({ value: node.id, title: node.departName, disabled: blocked.has(node.id), children: parentOptions(node.children, blocked) }));
}

const max = (field: keyof typeof departEntity.fields) => departEntity.fields[field].max;

export interface DepartFieldsProps {
  /** With a tree: a 上级部门 picker (the edited department's own subtree is blocked). */
  parentTree?: { nodes: readonly DepartTreeNode[]; blocked: ReadonlySet<string> };
  /** Show the generated code read-only. */
  showOrgCode?: boolean;
}

/** The department's form items, shared by the add dialog and the 基本信息 tab. */
export function DepartFields({ parentTree, showOrgCode = false }: DepartFieldsProps) {
  const { t } = useTranslation('sysDepart');
  return (
    <>
      <Form.Item name="departName" label={t('fields.departName')} rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }, { max: max('departName') }]}>
        <Input maxLength={max('departName')} />
      </Form.Item>
      {parentTree !== undefined ? (
        <Form.Item name="parentId" label={t('fields.parentId')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('form.topLevel')}
            treeData={parentOptions(parentTree.nodes, parentTree.blocked)}
          />
        </Form.Item>
      ) : null}
      {showOrgCode ? (
        <Form.Item name="orgCode" label={t('fields.orgCode')}>
          <Input disabled />
        </Form.Item>
      ) : null}
      <Form.Item name="departNameEn" label={t('fields.departNameEn')} rules={[{ max: max('departNameEn') }]}>
        <Input maxLength={max('departNameEn')} />
      </Form.Item>
      <Form.Item name="orgCategory" label={t('fields.orgCategory')}>
        <Select allowClear options={ORG_CATEGORIES.map((value) => ({ value, label: t(`orgCategory.${value}`) }))} />
      </Form.Item>
      <Form.Item name="sort" label={t('fields.sort')}>
        <InputNumber min={0} max={99_999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="mobile" label={t('fields.mobile')} rules={[{ max: max('mobile') }]}>
        <Input maxLength={max('mobile')} />
      </Form.Item>
      <Form.Item name="fax" label={t('fields.fax')} rules={[{ max: max('fax') }]}>
        <Input maxLength={max('fax')} />
      </Form.Item>
      <Form.Item name="address" label={t('fields.address')} rules={[{ max: max('address') }]}>
        <Input maxLength={max('address')} />
      </Form.Item>
      <Form.Item name="memo" label={t('fields.memo')} rules={[{ max: max('memo') }]}>
        <Input.TextArea rows={3} maxLength={max('memo')} />
      </Form.Item>
    </>
  );
}

/** Form values as the server takes them: blanks cleared, no parent means the top level. */
export function departValues(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'orgCode') continue;
    out[key] = value === undefined ? null : value;
  }
  return out;
}
