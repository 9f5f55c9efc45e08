import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Avatar, Button, List, Popconfirm, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useCustomRead, useEntityAction } from '../../../src/toolkit/crud';
import { ACCOUNT_API, ACCOUNT_RESOURCE, type AccountBinding, type BindingProvider } from '../contracts';

const ICONS: Record<BindingProvider, ReactNode> = { phone: <MobileOutlined />, email: <MailOutlined /> };

/**
 * 账号绑定: the product has no third-party identities of its own (its third-party and CAS logins trade
 * one-time tickets an integration issues), so the bound sign-in channels are the phone (SMS login) and
 * the email, each with its real state and 解绑.
 */
export function BindingSetting() {
  const { t } = useTranslation('account');
  const bindings = useCustomRead<AccountBinding[]>({ url: ACCOUNT_API.bindings }, { failure: t('center.loadFailed'), family: ACCOUNT_RESOURCE });
  const unbind = useEntityAction({ invalidates: [ACCOUNT_RESOURCE] });
  return (
    <>
      <LoadErrorAlert error={bindings.error} onRetry={bindings.retry} style={{ marginBottom: 12 }} />
      <List<AccountBinding>
        itemLayout="horizontal"
        loading={bindings.loading || unbind.running}
        dataSource={bindings.value ?? []}
        renderItem={(item) => (
          <List.Item
            data-provider={item.provider}
            actions={
              item.bound
                ? [
                    <Popconfirm
                      key="unbind"
                      title={t('binding.unbindConfirm', { provider: t(`binding.providers.${item.provider}`) })}
                      description={t(`binding.unbindEffect.${item.provider}`)}
                      onConfirm={() => unbind.run({ url: `${ACCOUNT_API.bindings}/${item.provider}`, method: 'delete' })}
                      okText={t('ok')}
                      cancelText={t('cancel')}
                    >
                      <Button type="link" danger>
                        {t('binding.unbind')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              avatar={<Avatar icon={ICONS[item.provider]} />}
              title={
                <>
                  {t(`binding.providers.${item.provider}`)} <Tag color={item.bound ? 'green' : 'default'}>{item.bound ? t('binding.bound') : t('binding.unbound')}</Tag>
                </>
              }
              description={item.bound ? item.account : t(`binding.howToBind.${item.provider}`)}
            />
          </List.Item>
        )}
      />
    </>
  );
}
