import type { FastifyInstance } from 'fastify';
import type { FieldChange, LoggedTexts } from '../../src/contracts/data-log';
import { fieldEntries, type EntityDefinition } from '../../src/contracts/entity';
import { REF_TEXT_SUFFIX } from '../../src/contracts/references';
import { dictText, loadDictionaries, type WireRecord } from '../crud/records';

/** One logged version: the fields it changed, and the record's values with it. */
export interface LoggedVersion {
  changes: FieldChange[];
  content: Record<string, unknown>;
}

/** A version with what its codes and ids read as. */
export interface NamedVersion {
  changes: FieldChange[];
  contentText: LoggedTexts;
}

/**
 * Names the values of logged versions of one entity's records as its lists do: a dictionary field's code by its item's
 * text (`_dictText`), a reference by the record's label (`_refText`, each kind resolved by its owner, one statement per
 * kind for all the versions), each in the tenant whose log is read. A value nobody can name is left without a text, so
 * the screen shows it as it is. Named when read rather than when written: a write costs no lookups, and old versions
 * read as well as new ones.
 */
export async function nameLoggedVersions(api: FastifyInstance, entity: EntityDefinition, tenantId: number, versions: readonly LoggedVersion[]): Promise<NamedVersion[]> {
  const named = fieldEntries(entity).filter(([, field]) => field.dict !== undefined || field.ref !== undefined);
  if (named.length === 0) return versions.map((version) => ({ changes: version.changes, contentText: {} }));
  const fields = new Map(named);
  const dictionaries = await loadDictionaries(entity, (code) => api.dictionaries.items(code, tenantId));
  // Each value as a record of its own (the content; each change's before and after), so that one attach names them all.
  const contents = versions.map((version) => ({ ...version.content }));
  const befores = versions.map((version) => version.changes.map((change) => ({ [change.field]: change.before })));
  const afters = versions.map((version) => version.changes.map((change) => ({ [change.field]: change.after })));
  await api.references.attach(entity, [...contents, ...befores.flat(), ...afters.flat()], tenantId);
  const textOf = (name: string, record: WireRecord): string | null => {
    const field = fields.get(name);
    const value = record[name];
    if (field === undefined || value === null || value === undefined || value === '') return null;
    if (field.dict !== undefined) {
      const text = dictText(dictionaries.get(field.dict) ?? [], value);
      return text === String(value) ? null : text;
    }
    const text = record[`${name}${REF_TEXT_SUFFIX}`];
    return typeof text === 'string' && text !== '' ? text : null;
  };
  return versions.map((version, index) => {
    const content = contents[index] ?? {};
    const contentText: LoggedTexts = {};
    for (const name of Object.keys(version.content)) {
      const text = textOf(name, content);
      if (text !== null) contentText[name] = text;
    }
    const changes = version.changes.map((change, at) => {
      if (!fields.has(change.field)) return change;
      return { ...change, beforeText: textOf(change.field, befores[index]?.[at] ?? {}), afterText: textOf(change.field, afters[index]?.[at] ?? {}) };
    });
    return { changes, contentText };
  });
}
