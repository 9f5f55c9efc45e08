/** Services between plugins (server/plugin-services.ts): provided once, looked up by name, and a build missing a provider refuses to boot. */
import { describe, expect, it } from 'vitest';
import '../../server/contracts/stock';
import type { StockService } from '../../server/contracts/stock';
import { checkServiceDependencies, PluginServices } from '../../server/plugin-services';

const stock = { reserve: async () => undefined } as unknown as StockService;

describe('PluginServices', () => {
  it('hands a provided service to whoever asks for it by name', () => {
    const services = new PluginServices();
    services.provide('stock', stock);
    expect(services.get('stock')).toBe(stock);
  });

  it('refuses a second provider and a service nobody provides', () => {
    const services = new PluginServices();
    expect(() => services.get('stock')).toThrow('No plugin provides the "stock" service');
    services.provide('stock', stock);
    expect(() => services.provide('stock', stock)).toThrow('The "stock" service is provided twice');
  });
});

describe('checkServiceDependencies', () => {
  it('accepts a build whose required services all have a provider, in any order', () => {
    expect(() => checkServiceDependencies([{ name: 'orders', requires: ['stock', 'members'] }, { name: 'goods', provides: ['stock'] }, { name: 'customers', provides: ['members'] }])).not.toThrow();
  });

  it('refuses a build in which a plugin requires a service no plugin provides', () => {
    expect(() => checkServiceDependencies([{ name: 'orders', requires: ['stock', 'members'] }, { name: 'customers', provides: ['members'] }])).toThrow(
      'Plugin "orders" requires "stock", which no plugin of this build provides',
    );
  });
});
