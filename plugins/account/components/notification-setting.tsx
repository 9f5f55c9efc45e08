import type { BaseRecord } from '@refinedev/core';
import { List, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setNoticePreferences } from '../../../src/shell/notice';
import { LoadErrorAlert, useCustomRead, useEntityAction } from '../../../src/toolkit/crud';
import { ACCOUNT_API, ACCOUNT_RESOURCE, type NotificationPrefs } from '../contracts';

type Category = keyof NotificationPrefs;
const CATEGORIES: readonly Category[] = ['system', 'notice'];

/** 新消息通知: whether the bell announces 系统消息 and 通知公告; stored on the server, applied to the bell at once. */
export function NotificationSetting() {
  const { t } = useTranslation('account');
  const prefs = useCustomRead<NotificationPrefs>({ url: ACCOUNT_API.notification }, { failure: t('center.loadFailed'), family: ACCOUNT_RESOURCE });
  // What the server answered to the last save, shown at once (the read above refreshes a moment later).
  const [saved, setSaved] = useState<NotificationPrefs | null>(null);
  const action = useEntityAction<NotificationPrefs & BaseRecord>({ invalidates: [ACCOUNT_RESOURCE] });
  const save = async (next: NotificationPrefs) => {
    const answer = await action.run({ url: ACCOUNT_API.notification, method: 'put', values: next });
    if (answer === undefined) return;
    setSaved(answer);
    setNoticePreferences(answer);
  };
  if (prefs.error !== null) return <LoadErrorAlert error={prefs.error} onRetry={prefs.retry} />;
  const value = saved ?? prefs.value;
  if (value === undefined) return <Skeleton active />;
  return (
    <List itemLayout="horizontal">
      {CATEGORIES.map((category) => (
        <List.Item
          key={category}
          extra={
            <Switch
              checked={value[category]}
              loading={action.running}
              aria-label={t(`notification.${category}`)}
              data-category={category}
              onChange={(checked) => void save({ ...value, [category]: checked })}
            />
          }
        >
          <List.Item.Meta title={t(`notification.${category}`)} description={t(`notification.${category}Hint`)} />
        </List.Item>
      ))}
    </List>
  );
}
