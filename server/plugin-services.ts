/**
 * Services one plugin offers to others on the server (goods → stock moves for orders, customers →
 * member ledgers for orders and distribution). A plugin never imports another plugin's insides: the
 * service's contract (an interface) lives in server/contracts/<name>.ts, which adds it to ServiceMap;
 * the providing plugin names it in `provides` and hands its implementation over in `register`
 * (`ctx.services.provide`); a plugin that uses it names it in `requires` and looks it up when it runs
 * (`ctx.services.get`). A build whose plugins require a service nobody provides fails at boot.
 */

/** Every service contract adds its name and type here (declaration merging in server/contracts/*). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the contracts' module augmentation
export interface ServiceMap {}

export type ServiceName = keyof ServiceMap;

export class PluginServices {
  private readonly provided = new Map<ServiceName, ServiceMap[ServiceName]>();

  provide<K extends ServiceName>(name: K, implementation: ServiceMap[K]): void {
    if (this.provided.has(name)) throw new Error(`The "${String(name)}" service is provided twice`);
    this.provided.set(name, implementation);
  }

  get<K extends ServiceName>(name: K): ServiceMap[K] {
    const found = this.provided.get(name);
    if (found === undefined) throw new Error(`No plugin provides the "${String(name)}" service`);
    return found as ServiceMap[K];
  }
}

/** Refuses a plugin list in which a required service has no provider (checked before any plugin registers). */
export function checkServiceDependencies(plugins: ReadonlyArray<{ name: string; provides?: readonly ServiceName[]; requires?: readonly ServiceName[] }>): void {
  const provided = new Set(plugins.flatMap((plugin) => plugin.provides ?? []));
  for (const plugin of plugins) {
    const missing = (plugin.requires ?? []).filter((name) => !provided.has(name));
    if (missing.length > 0) throw new Error(`Plugin "${plugin.name}" requires ${missing.map((name) => `"${String(name)}"`).join(', ')}, which no plugin of this build provides`);
  }
}
