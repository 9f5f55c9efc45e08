import { regionName, regionPath } from '../../src/contracts/regions';
import { businessError } from '../http/envelope';
import type { ReferenceService } from './references';

/**
 * The reference kinds the core owns: a region by its area code (the administrative-division dataset, the same the
 * client's cascader offers), a user by login name (a ledger's 操作人, shown by the user's real name), a department and
 * a dictionary by their names.
 */
export function registerCoreReferences(references: ReferenceService): void {
  references.register('region', {
    labels: async (_db, _tenantId, codes) => {
      const found = new Map<string, string>();
      for (const code of codes) {
        const name = regionName(code);
        if (name !== null) found.set(code, name);
      }
      return found;
    },
  });
  references.register('dict', {
    labels: async (db, _tenantId, ids) => {
      const rows = await db.selectFrom('dicts').select(['id', 'dict_name']).where('id', 'in', [...ids]).execute();
      return new Map(rows.map((row) => [row.id, row.dict_name]));
    },
  });
  references.register('depart', {
    labels: async (db, _tenantId, ids) => {
      const rows = await db.selectFrom('departments').select(['id', 'depart_name']).where('id', 'in', [...ids]).execute();
      return new Map(rows.map((row) => [row.id, row.depart_name]));
    },
  });
  references.register('user', {
    labels: async (db, _tenantId, usernames) => {
      const rows = await db.selectFrom('users').select(['username', 'realname']).where('username', 'in', [...usernames]).execute();
      return new Map(rows.map((row) => [row.username, row.realname !== null && row.realname !== '' ? row.realname : row.username]));
    },
  });
}

export const MSG_UNKNOWN_REGION = '所在地区不存在，请从省 / 市 / 区中选择';

/**
 * An address's area code must be one the dataset lists today (the cascader offers only those), not merely one whose
 * province exists; refused with a message.
 */
export function checkRegionCode(code: string): string {
  if (regionPath(code) === null) throw businessError(MSG_UNKNOWN_REGION);
  return code;
}
