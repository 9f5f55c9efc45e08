import { sql, type Kysely, type RawBuilder } from 'kysely';
import { columnOf, TREE_ROOT, type EntityDefinition, type TreeDefinition } from '../../src/contracts/entity';
import type { Database } from '../db/schema';
import { businessError } from '../http/envelope';
import { scopeConditions, simpleFilterConditions, superQueryConditions, type QueryParams } from './list-query';
import type { FieldValues } from './validate';

/**
 * Tree entities in the engine (EntityDefinition.tree): one level per list call, the has-children flag kept inside
 * the write's own transaction, no row under a missing parent or under itself, no row deleted from under its
 * children. The wording follows the goods categories' and departments' messages.
 */

export const MSG_TREE_HAS_CHILDREN = '该节点下有子节点，不能删除';
export const MSG_TREE_PARENT_NOT_FOUND = '上级节点不存在';
export const MSG_TREE_CYCLE = '不能将节点移动到其自身或其下级节点之下';

export const HAS_CHILD = '1';
/** The most parents one list call reads the children of. */
const MAX_PARENTS = 1000;
export const NO_CHILD = '0';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A stored or sent parent value: blank and null mean the root. */
export function parentOf(value: unknown): string {
  const parent = text(value);
  return parent === '' ? TREE_ROOT : parent;
}

export interface TreeKeeper {
  readonly tree: TreeDefinition;
  /** The column holding the parent id. */
  readonly parentColumn: string;
  /**
   * The list's level: `?pid=` → that row's children (`pid=a,b`: those rows' children); no pid and no search filter → the roots; a search filter
   * without pid → matching rows of every level (JeecgBoot's tree lists search the whole tree, not one level).
   */
  listConditions(query: QueryParams): RawBuilder<unknown>[];
  /** The written values as the engine keeps them: the has-children flag never from a body, a blank parent the root. */
  prepare(values: FieldValues, mode: 'add' | 'edit'): FieldValues;
  /** Refuses a parent that is missing (in the tenant) or, for a move, the row itself or one of its descendants; locks it. */
  checkPlacement(executor: Kysely<Database>, tenantId: number | null, parent: string, id?: string): Promise<void>;
  /** After a row went under `added` and/or left `left`: their flags as their children now are. */
  afterMove(executor: Kysely<Database>, tenantId: number | null, added: string | null, left: string | null): Promise<void>;
  /** Before deleting `ids`: refuses when one has a child that stays; answers the parents whose flags may drop. */
  beforeDelete(executor: Kysely<Database>, tenantId: number | null, ids: readonly string[]): Promise<string[]>;
  /** Clears the flag of each of `parents` left without children. */
  clearChildless(executor: Kysely<Database>, tenantId: number | null, parents: readonly string[]): Promise<void>;
}

/** The tree keeper of an entity, or null when its rows do not form a tree. Throws for a tree naming unknown fields. */
export function treeKeeperOf(entity: EntityDefinition): TreeKeeper | null {
  const tree = entity.tree;
  if (tree === undefined) return null;
  const parentColumn = columnOf(entity, tree.parentField);
  const flagColumn = columnOf(entity, tree.hasChildField);
  columnOf(entity, tree.labelField);
  const table = sql.id(entity.table);
  const parent = sql.id(parentColumn);
  const flag = sql.id(flagColumn);
  const scope = (tenantId: number | null) => scopeConditions(entity, tenantId);
  const where = (tenantId: number | null, ...more: RawBuilder<unknown>[]) => {
    const parts = [...scope(tenantId), ...more];
    return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
  };
  const isRoot = sql`(${parent} = ${TREE_ROOT} or ${parent} is null or ${parent} = '')`;

  async function clearChildless(executor: Kysely<Database>, tenantId: number | null, parents: readonly string[]): Promise<void> {
    const real = [...new Set(parents)].filter((id) => id !== TREE_ROOT);
    if (real.length === 0) return;
    // Inside the sub-select the unqualified scope columns are the child's.
    await sql`update ${table} as p set ${flag} = ${NO_CHILD}
      where p.id in (${sql.join(real)}) and not exists (select 1 from ${table} as c where c.${parent} = p.id and ${where(tenantId)})`.execute(executor);
  }

  return {
    tree,
    parentColumn,
    listConditions(query) {
      // Several parents at once (`pid=a,b`): a tree screen loads the children of every expanded row in one call.
      const pids = [...new Set(text(query.pid).split(',').map((id) => id.trim()).filter((id) => id !== ''))].slice(0, MAX_PARENTS);
      if (pids.length > 0) {
        const levels = pids.filter((id) => id !== TREE_ROOT);
        const alternatives = [...(pids.includes(TREE_ROOT) ? [isRoot] : []), ...(levels.length > 0 ? [sql`${parent} in (${sql.join(levels)})`] : [])];
        return [sql`(${sql.join(alternatives, sql` or `)})`];
      }
      const searching = simpleFilterConditions(entity, query).length > 0 || superQueryConditions(entity, query).conditions.length > 0;
      return searching ? [] : [isRoot];
    },
    prepare(values, mode) {
      const rest = Object.fromEntries(Object.entries(values).filter(([name]) => name !== tree.hasChildField));
      if (mode === 'add' || Object.prototype.hasOwnProperty.call(rest, tree.parentField)) rest[tree.parentField] = parentOf(rest[tree.parentField]);
      return rest;
    },
    async checkPlacement(executor, tenantId, target, id) {
      if (target === TREE_ROOT) return;
      if (id !== undefined && target === id) throw businessError(MSG_TREE_CYCLE);
      // Locked: a delete of the parent waits for this write, and sees its new child.
      const found = await sql<{ id: string }>`select id from ${table} where ${where(tenantId, sql`id = ${target}`)} for update`.execute(executor);
      if (found.rows.length === 0) throw businessError(MSG_TREE_PARENT_NOT_FOUND);
      if (id === undefined) return;
      // `union` (not `union all`) stops on a row seen before, should stored data ever hold a loop.
      const ancestors = await sql<{ found: boolean }>`
        with recursive up(id, parent) as (
          select id, ${parent} from ${table} where id = ${target}
          union
          select n.id, n.${parent} from ${table} as n join up on n.id = up.parent
        )
        select exists(select 1 from up where id = ${id}) as found`.execute(executor);
      if (ancestors.rows[0]?.found === true) throw businessError(MSG_TREE_CYCLE);
    },
    async afterMove(executor, tenantId, added, left) {
      if (added !== null && added !== TREE_ROOT) await sql`update ${table} set ${flag} = ${HAS_CHILD} where ${where(tenantId, sql`id = ${added}`)}`.execute(executor);
      if (left !== null && left !== added) await clearChildless(executor, tenantId, [left]);
    },
    async beforeDelete(executor, tenantId, ids) {
      // Locked first: a child being added under one of them waits, then finds its parent gone.
      const rows = await sql<{ parent: string | null }>`select ${parent} as parent from ${table} where ${where(tenantId, sql`id in (${sql.join([...ids])})`)} for update`.execute(executor);
      const staying = await sql<{ id: string }>`select id from ${table} where ${where(tenantId, sql`${parent} in (${sql.join([...ids])})`, sql`id not in (${sql.join([...ids])})`)} limit 1`.execute(executor);
      if (staying.rows.length > 0) throw businessError(MSG_TREE_HAS_CHILDREN);
      return rows.rows.map((row) => parentOf(row.parent)).filter((id) => !ids.includes(id));
    },
    clearChildless,
  };
}
