/** The SPU list's status tabs on the list contract, and the add/edit body of the SPU form. */
import { describe, expect, it } from 'vitest';
import { buildListQuery } from '../../../../src/providers/data-provider';
import { spuBody, spuFormValues, SPU_STATUS_TABS, tabOfField } from '../../components/spu-model';

const queryOf = (key: string) => {
  const tab = SPU_STATUS_TABS.find((candidate) => candidate.key === key);
  return buildListQuery({ pagination: { mode: 'off' }, filters: tab?.filters });
};

describe('status tabs', () => {
  it('map onto the list parameters: eq, in, lte → _end', () => {
    expect(SPU_STATUS_TABS.map((tab) => tab.key)).toEqual(['onSale', 'warehouse', 'soldOut', 'alert', 'recycle']);
    expect(queryOf('onSale')).toEqual({ status: '1' });
    expect(queryOf('warehouse')).toEqual({ status: '0' });
    expect(queryOf('soldOut')).toEqual({ status: '0,1', stock_end: 0 });
    expect(queryOf('alert')).toEqual({ status: '0,1', lowStockAlert: true });
    expect(queryOf('recycle')).toEqual({ status: '-1' });
  });
});

describe('spuBody', () => {
  const skus = [{ properties: [], price: '9.90', stock: 3 }];

  it('a create carries the fields, the comma lists, status 仓库中 and the SKUs', () => {
    const body = spuBody({ name: ' 新品 ', categoryId: 'c3', tagIds: ['t1', 't2'], deliveryTypes: ['1', '2'], specType: '0', description: '<p>好</p>', sort: 0 }, skus, false);
    expect(body).toEqual({ name: '新品', categoryId: 'c3', specType: '0', description: '<p>好</p>', sort: 0, tagIds: 't1,t2', deliveryTypes: '1,2', subCommissionType: false, status: '0', skus });
  });

  it('an edit sends every field (emptied ones as null) and leaves the status alone', () => {
    const body = spuBody({ name: '旧品', categoryId: 'c3', brandId: undefined, keyword: '', specType: '1', tagIds: [], deliveryTypes: ['1'], subCommissionType: true }, skus, true);
    expect(body).toMatchObject({ name: '旧品', brandId: null, keyword: '', tagIds: '', deliveryTypes: '1', subCommissionType: true, skus });
    expect('status' in body).toBe(false);
    expect(body.unitId).toBeNull();
  });

  it('reads a loaded SPU back into form values', () => {
    expect(spuFormValues({ name: 'A', tagIds: 't1,t2', deliveryTypes: '1', specType: 1, subCommissionType: null, price: '1.00' })).toEqual({
      name: 'A',
      specType: '1',
      tagIds: ['t1', 't2'],
      deliveryTypes: ['1'],
      subCommissionType: false,
    });
  });

  it('knows which tab holds a field', () => {
    expect(tabOfField('picUrl')).toBe('basic');
    expect(tabOfField('deliveryTypes')).toBe('delivery');
    expect(tabOfField('giveIntegral')).toBe('other');
  });
});
