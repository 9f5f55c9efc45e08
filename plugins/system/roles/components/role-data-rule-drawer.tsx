import { Button, Checkbox, Drawer, Empty, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { LoadErrorAlert, useCustomRead, useEntityAction } from '../../../../src/toolkit/crud';
import { useTranslation } from 'react-i18next';
import { ROLE_API, type PermissionDataRule, type RoleDataRuleResult } from '../contracts';

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

function choiceOf(result: RoleDataRuleResult): RuleChoice {
  return { rules: result.datarule, held: (result.drChecked ?? '').split(',').filter((rule) => rule !== '') };
}

/** Chooses which data rules of one permission apply to the role (saved through /sys/role/datarule). */
export function RoleDataRuleDrawer({ roleId, target, onClose }: RoleDataRuleDrawerProps) {
  const { t } = useTranslation('sysRole');
  const permissionId = target?.permissionId ?? null;
  const key = `${permissionId ?? ''}:${roleId}`;
  const read = useCustomRead<RoleDataRuleResult>(
    permissionId === null ? null : { url: `${ROLE_API.dataRule}/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}` },
    { failure: t('dataRule.loadError') },
  );
  const loaded = useMemo(() => (read.value === undefined ? undefined : choiceOf(read.value)), [read.value]);
  const choice = { ...read, value: loaded };
  // What was ticked for this permission; until then the rules the role holds.
  const [ticked, setTicked] = useState<{ key: string; ids: string[] } | null>(null);
  const checked = ticked?.key === key ? ticked.ids : (choice.value?.held ?? []);
  const setChecked = (ids: string[]) => setTicked({ key, ids });
  // Reopened, the drawer shows what the role holds again.
  const close = () => {
    setTicked(null);
    onClose();
  };
  const { run, running: saving } = useEntityAction({ invalidates: [] });
  const save = async () => {
    const values = { permissionId: permissionId ?? '', roleId, dataRuleIds: checked.join(',') };
    if ((await run({ url: ROLE_API.dataRule, method: 'post', values })) !== undefined) close();
  };

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
      onClose={close}
      width={DATA_RULE_DRAWER_WIDTH}
      title={t('dataRule.title', { name: target?.title ?? '' })}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('assign.cancel')}</Button>
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
