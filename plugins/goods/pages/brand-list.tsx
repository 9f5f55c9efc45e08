import { EntityListPage } from '../../../src/toolkit/crud';
import { StoredImage } from '../../../src/toolkit/upload';
import { GoodsFormModal } from '../components/goods-form-modal';
import { brandEntity, type BrandRecord } from '../entities';

/** 品牌: the brands with their logo (uploaded through the upload widget, shown as a thumbnail). */
export default function BrandListPage() {
  return (
    <EntityListPage<BrandRecord>
      entity={brandEntity}
      permissionPrefix={brandEntity.permission}
      renderers={{ logo: (value, record) => <StoredImage value={typeof value === 'string' ? value : null} alt={String(record.name ?? '')} size={40} /> }}
      formModal={(props) => <GoodsFormModal {...props} />}
    />
  );
}
