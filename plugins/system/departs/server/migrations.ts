import { sql, type Kysely, type Migration } from 'kysely';
import { createEntityIndexes, createEntityTable } from '../../../../server/kit';
import { departEntity, departRoleEntity } from '../entities';

/** 部门管理: the department's extra columns, department roles and their users. */
export const departMigrations: Record<string, Migration> = {
  '0301_departs': {
    up: async (db: Kysely<unknown>) => {
      await db.schema
        .alterTable('departments')
        .addColumn('depart_name_en', 'varchar(100)')
        .addColumn('org_category', 'varchar(1)')
        .addColumn('mobile', 'varchar(32)')
        .addColumn('fax', 'varchar(32)')
        .addColumn('address', 'varchar(255)')
        .addColumn('memo', 'varchar(500)')
        .execute();
      await db.schema.createIndex('departments_parent_idx').on('departments').column('parent_id').execute();

      await createEntityTable(db, departRoleEntity);
      await sql`alter table depart_roles add constraint depart_roles_depart_fk foreign key (depart_id) references departments (id) on delete cascade`.execute(db);

      await db.schema
        .createTable('depart_role_user')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('drole_id', 'varchar(32)', (c) => c.notNull().references('depart_roles.id').onDelete('cascade'))
        .addUniqueConstraint('depart_role_user_uq', ['user_id', 'drole_id'])
        .execute();
    },
  },
  // Lists at scale: the indexes derived from the entity as it is now, after every earlier migration.
  '0390_list_indexes': {
    up: async (db: Kysely<unknown>) => {
      await createEntityIndexes(db, departEntity);
      await createEntityIndexes(db, departRoleEntity);
    },
  },
};
