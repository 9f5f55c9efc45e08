import { UploadWidget, type UploadWidgetValue } from '../../../../src/toolkit/upload';

/**
 * The avatar of the user form: one picture through the common upload (random stored names,
 * allow-list, size limit on the server); the stored path is the field value. The widget reads its
 * value once, so the form mounts it only after the edited record has loaded.
 */
export function AvatarInput({ value, onChange, disabled }: { value?: string | null; onChange?: (value: string) => void; disabled?: boolean }) {
  return (
    <UploadWidget
      fileType="image"
      number={1}
      multiple={false}
      disabled={disabled}
      value={value ?? ''}
      onChange={(next: UploadWidgetValue) => onChange?.(typeof next === 'string' ? next : (next[0]?.filePath ?? ''))}
    />
  );
}
