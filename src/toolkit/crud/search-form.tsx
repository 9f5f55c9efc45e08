import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Space, type FormProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { searchFields, type EntityDefinition } from '../../contracts/entity';
import { SearchInput } from './field-input';

/** Fields shown while the form is collapsed. */
export const COLLAPSED_SEARCH_FIELDS = 3;

/**
 * 查询 (submits the search form around it) and 重置 (`onReset`: clear the form and the list's filters),
 * then whatever else the form puts beside them. Hand-built search forms (a tree select, a date range)
 * use it too, so every list's buttons look and act the same.
 */
export function SearchButtons({ onReset, children }: { onReset: () => void; children?: ReactNode }) {
  const { t } = useTranslation('crud');
  return (
    <Space>
      <Button type="primary" htmlType="submit">
        {t('search')}
      </Button>
      <Button onClick={onReset}>{t('reset')}</Button>
      {children}
    </Space>
  );
}

/**
 * The search form of a list, from the entity's `search` fields; collapsible when it has many. Fields in
 * `fixed` (the list's fixedValues, e.g. the log type of a tab) are not offered: a search there would
 * replace the fixed value and show rows that do not belong to the list.
 */
export function SearchForm({ entity, formProps, onReset, name = 'search', fixed = [] }: { entity: EntityDefinition; formProps: FormProps; onReset: () => void; name?: string; fixed?: readonly string[] }) {
  const { t } = useTranslation('crud');
  const [expanded, setExpanded] = useState(false);
  const fields = searchFields(entity).filter(([field]) => !fixed.includes(field));
  if (fields.length === 0) return null;
  const shown = expanded ? fields : fields.slice(0, COLLAPSED_SEARCH_FIELDS);
  return (
    <Form {...formProps} name={name} layout="inline" className="crud-search-form" data-testid="crud-search-form">
      <Row gutter={[16, 12]} style={{ width: '100%' }}>
        {shown.map(([name, field]) => {
          const label = t(field.label);
          return (
            <Col key={name} xs={24} sm={12} lg={6}>
              <Form.Item name={name} label={label} style={{ width: '100%' }}>
                <SearchInput field={field} label={label} />
              </Form.Item>
            </Col>
          );
        })}
        <Col xs={24} sm={12} lg={6}>
          <SearchButtons
            onReset={() => {
              formProps.form?.resetFields();
              onReset();
            }}
          >
            {fields.length > COLLAPSED_SEARCH_FIELDS ? (
              <Button type="link" onClick={() => setExpanded(!expanded)} icon={expanded ? <UpOutlined /> : <DownOutlined />} iconPosition="end">
                {t(expanded ? 'collapse' : 'expand')}
              </Button>
            ) : null}
          </SearchButtons>
        </Col>
      </Row>
    </Form>
  );
}
