import { Button, Checkbox, Drawer, Empty, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { LoadErrorAlert, useKeyedLoad, useSaveAction, type LoadOutcome } from '../../../../src/toolkit/crud';
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

interface RuleChoice {
  rules: PermissionDataRule[];
  held: string[];
}

async function fetchRules(permissionId: string, roleId: string): Promise<LoadOutcome<RuleChoice>> {
  const answer = await loadRoleDataRules(permissionId, roleId);
  if (!answer.success) return { ok: false, error: answer.message };
  const held = (answer.result.drChecked ?? '').split(',').filter((rule) => rule !== '');
  return { ok: true, value: { rules: answer.result.datarule, held } };
}

/** Chooses which data rules of one permission apply to the role (saved through /sys/role/datarule). */
export function RoleDataRuleDrawer({ roleId, target, onClose }: RoleDataRuleDrawerProps) {
  const { t } = useTranslation('sysRole');
  const permissionId = target?.permissionId ?? null;
  const [checked, setChecked] = useState<string[]>([]);
  const choice = useKeyedLoad(permissionId === null ? null : `${permissionId}:${roleId}`, () => fetchRules(permissionId ?? '', roleId), {
    failure: t('dataRule.loadError'),
    onLoaded: (loaded) => setChecked(loaded.held),
  });
  const { run: save, saving } = useSaveAction({
    save: () => saveRoleDataRules(permissionId ?? '', roleId, checked),
    onSaved: onClose,
  });

  const body = () => {
    if (choice.loading) return <Spin className="role-data-rule-loading" />;
    if (choice.value === undefined) return <LoadErrorAlert error={choice.error} onRetry={choice.retry} />;
    if (choice.value.rules.length === 0) return <Empty description={t('dataRule.empty')} />;
    return (
      <Checkbox.Group value={checked} onChange={(values) => setChecked(values.map(String))} aria-label={t('dataRule.listLabel')}>
        <Space direction="vertical">
          {choice.value.rules.map((rule) => (
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
          <Button type="primary" loading={saving} disabled={!choice.value?.rules.length} onClick={() => void save()}>
            {t('assign.save')}
          </Button>
        </Space>
      }
    >
      {body()}
    </Drawer>
  );
}
