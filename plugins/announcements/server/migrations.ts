import { sql, type Kysely, type Migration } from 'kysely';
import { createEntityIndexes, createEntityTable } from '../../../server/kit';
import { announcementEntity, messageEntity, messageTemplateEntity } from '../entities';

export const announcementMigrations: Record<string, Migration> = {
  '0001_announcements': {
    up: async (db: Kysely<unknown>) => {
      await createEntityTable(db, announcementEntity);
      await db.schema
        .createTable('sys_announcement_send')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('annt_id', 'varchar(32)', (c) => c.notNull().references('sys_announcement.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('read_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
        .addColumn('read_time', 'timestamptz')
        .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('sys_announcement_send_uq', ['annt_id', 'user_id'])
        .execute();
      await db.schema.createIndex('sys_announcement_send_user_idx').on('sys_announcement_send').columns(['user_id', 'read_flag']).execute();
    },
  },
  // Lists at scale: the indexes derived from the entity as it is now, after every earlier migration.
  '0090_list_indexes': {
    up: async (db: Kysely<unknown>) => {
      await createEntityIndexes(db, announcementEntity);
    },
  },
  // 消息模板 and 消息记录 (tenant-scoped; a record's receivers are its announcement's send rows).
  '0100_messages': {
    up: async (db: Kysely<unknown>) => {
      await createEntityTable(db, messageTemplateEntity);
      await createEntityTable(db, messageEntity);
    },
  },
};
