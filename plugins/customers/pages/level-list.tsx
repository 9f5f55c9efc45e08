import { EntityListPage } from '../../../src/toolkit/crud';
import { levelEntity, type LevelRecord } from '../entities';

/** 会员等级: 图标, 名称, 等级, 升级经验, 享受折扣(%), 状态; a member's level follows the highest enabled level its growth reaches. */
export default function LevelListPage() {
  return <EntityListPage<LevelRecord> entity={levelEntity} without={['import']} />;
}
