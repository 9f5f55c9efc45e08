import { Alert, Button, Checkbox, Drawer, Empty, Space, Spin, Typography, App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionDataRule } from '../contracts';
import { loadRoleDataRules, saveRoleDataRules } from './permission-assign-api';

/** The drawer width of the original 数据规则 drawer. */
export const DATA_RULE_DRAWER_WIDTH = 365;

export interface RoleDataRuleTarget {
  permissionId: string;
  title: string;
}

export interface RoleDataRuleDrawerProps {
  roleId: string;
  /** The permission whose rules are chosen; null closes the drawer. */
  target: RoleDataRuleTarget | null;
  onClose: () => void;
}

type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rules: PermissionDataRule[] };

async function fetchRules(permissionId: string, roleId: string, fallbackError: string): Promise<{ state: LoadState; checked: string[] }> {
  try {
    const answer = await loadRoleDataRules(permissionId, roleId);
    if (!answer.success) return { state: { status: 'error', message: answer.message }, checked: [] };
    const checked = (answer.result.drChecked ?? '').split(',').filter((rule) => rule !== '');
    return { state: { status: 'ready', rules: answer.result.datarule }, checked };
  } catch {
    return { state: { status: 'error', message: fallbackError }, checked: [] };
  }
}

/** Chooses which data rules of one permission apply to the role (saved through /sys/role/datarule). */
export function RoleDataRuleDrawer({ roleId, target, onClose }: RoleDataRuleDrawerProps) {
  const { t } = useTranslation('sysRole');
  const { message } = App.useApp();
  const [attempt, setAttempt] = useState(0);
  const permissionId = target?.permissionId ?? null;
  const loadKey = `${permissionId ?? ''}:${roleId}#${attempt}`;
  const [loaded, setLoaded] = useState<{ key: string; state: LoadState } | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (permissionId === null) return;
    let alive = true;
    void fetchRules(permissionId, roleId, t('dataRule.loadError')).then((result) => {
      if (!alive) return;
      setLoaded({ key: loadKey, state: result.state });
      setChecked(result.checked);
    });
    return () => {
      alive = false;
    };
  }, [permissionId, roleId, loadKey, t]);

  const state: LoadState = loaded !== null && loaded.key === loadKey ? loaded.state : { status: 'loading' };

  const save = async () => {
    if (permissionId === null) return;
    setSaving(true);
    try {
      const answer = await saveRoleDataRules(permissionId, roleId, checked);
      if (answer.success) {
        void message.success(answer.message);
        onClose();
      } else {
        void message.error(answer.message);
      }
    } catch {
      // Presented by the http client.
    } finally {
      setSaving(false);
    }
  };

  const body = () => {
    if (state.status === 'loading') return <Spin className="role-data-rule-loading" />;
    if (state.status === 'error') {
      return (
        <Alert
          type="warning"
          showIcon
          message={state.message}
          action={<Button size="small" onClick={() => setAttempt((n) => n + 1)}>{t('assign.retry')}</Button>}
        />
      );
    }
    if (state.rules.length === 0) return <Empty description={t('dataRule.empty')} />;
    return (
      <Checkbox.Group value={checked} onChange={(values) => setChecked(values.map(String))} aria-label={t('dataRule.listLabel')}>
        <Space direction="vertical">
          {state.rules.map((rule) => (
            <Checkbox key={rule.id} value={rule.id}>
              {rule.ruleName}{' '}
              <Typography.Text type="secondary">{`${rule.ruleColumn} ${rule.ruleConditions} ${rule.ruleValue}`}</Typography.Text>
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    );
  };

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      width={DATA_RULE_DRAWER_WIDTH}
      title={t('dataRule.title', { name: target?.title ?? '' })}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('assign.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={state.status !== 'ready' || state.rules.length === 0} onClick={() => void save()}>
            {t('assign.save')}
          </Button>
        </Space>
      }
    >
      {body()}
    </Drawer>
  );
}
