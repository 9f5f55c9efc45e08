import { Button, Card, Descriptions, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useCustomRead, useGuardedModalState } from '../../../../src/toolkit/crud';
import { useAccess } from '../../../../src/toolkit/permission';
import { StoredImage } from '../../../../src/toolkit/upload';
import { ShopProfileFormModal } from '../components/shop-profile-form';
import { SHOP_PROFILE_CURRENT, SHOP_PROFILE_PERMISSIONS, shopProfileEntity, type ShopProfileRecord } from '../entities';

const TEXT_FIELDS = ['legalName', 'taxNo', 'bankName', 'bankAccount', 'address', 'phone', 'contactName'] as const;
const IMAGE_FIELDS = ['logoUrl', 'sealUrl'] as const;

/**
 * 店铺信息 (menu /system/shopProfile): the shop's legal name, tax number, bank and account, address, phone,
 * contact, logo and contract seal — what every contract and delivery note prints as the seller — and 编辑
 * (its dialog kept in the URL, `?edit=<id>`) for whoever holds `system:shopProfile:edit`.
 */
export default function ShopProfilePage() {
  const { t } = useTranslation(['sysShop', 'crud']);
  const read = useCustomRead<ShopProfileRecord>({ url: SHOP_PROFILE_CURRENT }, { failure: t('loadError'), family: shopProfileEntity.table });
  const edit = useAccess(SHOP_PROFILE_PERMISSIONS.edit);
  const [state, setState] = useGuardedModalState(shopProfileEntity);
  const profile = read.value;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

  return (
    <Card
      title={t('title')}
      extra={
        edit.visible && profile !== undefined ? (
          <Button type="primary" disabled={edit.disabled} title={edit.reason} onClick={() => setState({ mode: 'edit', id: String(profile.id) })} data-testid="shop-profile-edit">
            {t('edit')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <LoadErrorAlert error={read.error} onRetry={read.retry} style={{ marginBottom: 16 }} />
      <Spin spinning={read.loading}>
        {profile === undefined ? (
          <div style={{ minHeight: 120 }} />
        ) : (
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            data-testid="shop-profile"
            items={[
              ...TEXT_FIELDS.map((name) => ({
                key: name,
                label: t(shopProfileEntity.fields[name].label),
                children: <span data-testid={`shop-profile-${name}`}>{text(profile[name]) ?? <Typography.Text type="secondary">{t('notSet')}</Typography.Text>}</span>,
              })),
              ...IMAGE_FIELDS.map((name) => ({
                key: name,
                label: t(shopProfileEntity.fields[name].label),
                children: text(profile[name]) === null ? <Typography.Text type="secondary">{t('noImage')}</Typography.Text> : <StoredImage value={text(profile[name])} alt={t(shopProfileEntity.fields[name].label)} size={96} />,
              })),
            ]}
          />
        )}
      </Spin>
      <ShopProfileFormModal state={state} onClose={() => setState(null)} onSaved={() => setState(null)} />
    </Card>
  );
}
