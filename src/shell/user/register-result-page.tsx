import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../contracts/constants';
import { REGISTER_PATH } from '../../routing/public-paths';
import { useDocumentTitle } from '../use-document-title';

function usernameFrom(state: unknown, search: string): string | null {
  if (typeof state === 'object' && state !== null && 'username' in state && typeof state.username === 'string' && state.username) {
    return state.username;
  }
  return new URLSearchParams(search).get('username') || null;
}

/** /user/register-result (name registerResult): the account exists and awaits approval. */
export default function RegisterResultPage() {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const { state, search } = useLocation();
  useDocumentTitle(t('registerResult.title'));
  const username = usernameFrom(state, search);
  if (username === null) return <Navigate to={REGISTER_PATH} replace />;

  return (
    <Result
      status="success"
      title={t('registerResult.success', { username })}
      subTitle={t('registerResult.awaitingApproval')}
      extra={
        <Button type="primary" size="large" onClick={() => navigate(LOGIN_PATH)}>
          {t('registerResult.toLogin')}
        </Button>
      }
    />
  );
}
