import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './rich-text-editor.css';

/** Headings, emphasis, lists, alignment, links and pictures: what a goods description needs. */
const MODULES = {
  toolbar: [[{ header: [1, 2, 3, false] }], ['bold', 'italic', 'underline', 'strike'], [{ color: [] }, { align: [] }], [{ list: 'ordered' }, { list: 'bullet' }], ['link', 'image'], ['clean']],
};

/**
 * The 商品详情 editor (Quill, the product's rich-text editor, loaded lazily with the SPU form); a
 * Form.Item hands it value and onChange. The server sanitises the HTML on every write.
 */
export default function RichTextEditor({ value, onChange, ariaLabel }: { value?: string; onChange?: (html: string) => void; ariaLabel: string }) {
  return (
    <div aria-label={ariaLabel} data-testid="goods-description-editor" className="goods-description-editor">
      <ReactQuill theme="snow" value={value ?? ''} onChange={(html) => onChange?.(html)} modules={MODULES} />
    </div>
  );
}
