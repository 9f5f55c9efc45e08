import type { EntityDefinition } from '../../src/contracts/entity';

/** Resolves an i18n key (`ns:a.b`) to the product-language text, for server messages and Excel headers. */
export type LabelResolver = (key: string) => string | undefined;

function lookup(bundle: unknown, path: string[]): string | undefined {
  let node: unknown = bundle;
  for (const part of path) {
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A resolver over locale bundles keyed by namespace (the zh-CN JSON files the client uses). */
export function localeLabels(bundles: Record<string, unknown>): LabelResolver {
  return (key) => {
    const separator = key.indexOf(':');
    if (separator < 0) return undefined;
    const bundle = bundles[key.slice(0, separator)];
    return bundle === undefined ? undefined : lookup(bundle, key.slice(separator + 1).split('.'));
  };
}

/** The display name of a field: its resolved label, else the field name. */
export function fieldLabeller(entity: EntityDefinition, resolve: LabelResolver | undefined): (field: string) => string {
  return (field) => {
    const key = entity.fields[field]?.label;
    return (key !== undefined ? resolve?.(key) : undefined) ?? field;
  };
}
