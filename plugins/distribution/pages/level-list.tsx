import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage } from '../../../src/toolkit/crud';
import { drpLevelEntity, type DrpLevelRecord } from '../entities';

/** 分销等级: name, grade, the level-1 and level-2 percentages, upgrade conditions, status; the default level marked. */
export default function LevelListPage() {
  const { t } = useTranslation(['distribution']);
  const percent = (value: unknown) => (value === null || value === undefined ? '' : t('level.percent', { value: String(value) }));
  return (
    <EntityListPage<DrpLevelRecord>
      entity={drpLevelEntity}
      without={['batchDelete', 'import']}
      renderers={{
        firstPercent: percent,
        secondPercent: percent,
        isDefault: (value) => (value === true ? <Tag color="gold">{t('level.default')}</Tag> : null),
      }}
    />
  );
}
