import type { Kysely, Migration } from 'kysely';
import { createEntityIndexes, createEntityTable } from '../../../../server/kit';
import { memberEntity } from '../../entities';
import { defineEntity } from '../../../../src/contracts/entity';
import * as m0002 from './0002-members-ledgers';
import * as m0003 from './0003-member-dicts';
import * as m0004 from './0004-member-sessions';
import * as m0005 from './0005-promotion-point-biz';
import * as m0006 from './0006-coupon-snapshot';
import * as m0007 from './0007-member-dict-colors';
import * as m0008 from './0008-member-openid';
import * as m0091 from './0091-member-import-indexes';

/** cust_member as it was first released (migrations freeze a schema; later changes are new migrations). */
const memberEntityV1 = defineEntity({
  table: 'cust_member',
  api: '/cust/custMember',
  permission: 'cust:member',
  tenantScoped: true,
  fields: {
    memberNo: { type: 'string', label: '', required: true, max: 32, unique: true },
    memberName: { type: 'string', label: '', required: true, max: 64 },
    phone: { type: 'string', label: '', max: 20 },
    sex: { type: 'dict', label: '', dict: 'sex' },
    level: { type: 'dict', label: '', dict: 'member_level' },
    points: { type: 'int', label: '' },
    balance: { type: 'decimal', label: '' },
    status: { type: 'dict', label: '', dict: 'valid_status' },
    registerTime: { type: 'datetime', label: '' },
  },
});

export const customerMigrations: Record<string, Migration> = {
  '0001_cust_member': {
    up: async (db: Kysely<unknown>) => {
      await createEntityTable(db, memberEntityV1);
    },
  },
  '0002_members_ledgers': m0002,
  '0003_member_dicts': m0003,
  '0004_member_sessions': m0004,
  '0005_promotion_point_biz': m0005,
  '0006_coupon_snapshot': m0006,
  '0007_member_dict_colors': m0007,
  '0008_member_openid': m0008,
  // Lists at scale: the indexes derived from the member entity as it is now, after every earlier migration.
  '0090_list_indexes': {
    up: async (db: Kysely<unknown>) => {
      await createEntityIndexes(db, memberEntity);
    },
  },
  // After the list indexes it tunes (0091-member-import-indexes.ts).
  '0091_member_import_indexes': m0091,
};
