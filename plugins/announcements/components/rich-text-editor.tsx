import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './rich-text-editor.css';

const MODULES = {
  toolbar: [[{ header: [1, 2, 3, false] }], ['bold', 'italic', 'underline', 'strike'], [{ list: 'ordered' }, { list: 'bullet' }], ['link', 'image'], ['clean']],
};

/** The announcement content editor (Quill); a Form.Item hands it value and onChange. */
export default function RichTextEditor({ value, onChange, ariaLabel }: { value?: string; onChange?: (html: string) => void; ariaLabel: string }) {
  return (
    <div aria-label={ariaLabel} data-testid="announcement-editor" className="announcement-editor">
      <ReactQuill theme="snow" value={value ?? ''} onChange={(html) => onChange?.(html)} modules={MODULES} />
    </div>
  );
}
