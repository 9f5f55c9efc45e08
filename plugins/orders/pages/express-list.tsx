import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useUrlParam } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { StoredImage } from '../../../src/toolkit/upload';
import { ExpressFormModal } from '../components/express-form-modal';
import { FreightTemplateModal } from '../components/freight-template-modal';
import { expressEntity, freightTemplateEntity, type ExpressRecord, type FreightTemplateRecord } from '../entities';

const VIEW_PARAM = 'view';
const EXPRESS = 'express';
const FREIGHT = 'freight';
/** The freight list's URL keys (its dialog, search) are prefixed so both lists keep their own. */
const FREIGHT_PREFIX = 'ft';

/**
 * 快递: two tabs (the one shown kept in the URL as `?view=`). 快递公司: the express companies with their
 * logo, create/edit, status, sort, delete, export and import. 运费模板: the freight templates, edited in a
 * dialog whose rules are grids (components/freight-template-modal.tsx). Each tab shows only to a user who
 * may list it.
 */
export default function ExpressListPage() {
  const { t } = useTranslation('orderCatalogue');
  const [view, setView] = useUrlParam(VIEW_PARAM);
  const expressAccess = useAccess(`${expressEntity.permission}:list`);
  const freightAccess = useAccess(`${freightTemplateEntity.permission}:list`);
  const tabs = [
    ...(expressAccess.visible
      ? [
          {
            key: EXPRESS,
            label: t('express.tab'),
            children: (
              <EntityListPage<ExpressRecord>
                entity={expressEntity}
                card={false}
                permissionPrefix={expressEntity.permission}
                renderers={{ logo: (value, record) => <StoredImage value={typeof value === 'string' && value !== '' ? value : null} alt={String(record.name ?? '')} size={40} /> }}
                formModal={(props) => <ExpressFormModal {...props} />}
              />
            ),
          },
        ]
      : []),
    ...(freightAccess.visible
      ? [
          {
            key: FREIGHT,
            label: t('freight.tab'),
            children: (
              <EntityListPage<FreightTemplateRecord>
                entity={freightTemplateEntity}
                card={false}
                urlPrefix={FREIGHT_PREFIX}
                permissionPrefix={freightTemplateEntity.permission}
                formModal={(props) => <FreightTemplateModal {...props} />}
              />
            ),
          },
        ]
      : []),
  ];
  const active = tabs.some((tab) => tab.key === view) ? (view ?? EXPRESS) : (tabs[0]?.key ?? EXPRESS);
  return (
    <Card title={t('express.title')}>
      <Tabs className="express-tabs" activeKey={active} onChange={(key) => setView(key)} items={tabs} destroyOnHidden />
    </Card>
  );
}
