import { theme } from 'antd';
import { helpId } from './use-login-form';

/** The message under a field, worded and placed like antd Form's explain line. */
export function FieldError({ name, message }: { name: string; message: string | undefined }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: 24, paddingTop: 2, color: token.colorError, fontSize: token.fontSize, lineHeight: 1.5715 }}>
      {message && (
        <span id={helpId(name)} role="alert">
          {message}
        </span>
      )}
    </div>
  );
}
