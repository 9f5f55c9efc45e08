import { ArrowDownOutlined, ArrowUpOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Card, Space, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../../src/toolkit/crud/money';
import type { ComparisonCard } from '../model';
import { percentText } from './dashboard-data';

/** Whether a colour (#rrggbb) is dark: the dark theme's background. */
function isDark(color: string): boolean {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color);
  if (match === null) return false;
  const [r, g, b] = [match[1], match[2], match[3]].map((hex) => parseInt(hex ?? '0', 16));
  return 0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0) < 128;
}

/** Up red, down green (the shop's convention), dark enough on light and light enough on dark backgrounds to read. */
const CHANGE_COLORS = { light: { up: '#cf1322', down: '#237804' }, dark: { up: '#ff7875', down: '#95de64' } } as const;

/** A 首页 comparison card: today's figure, its formula in a tooltip, yesterday's and the 环比 (↑ red, ↓ green). */
export function CompareCard({ card }: { card: ComparisonCard }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const shown = (value: string) => (card.money ? moneyText(value) : value);
  const up = card.ratio !== null && Number(card.ratio) > 0;
  const down = card.ratio !== null && Number(card.ratio) < 0;
  const palette = CHANGE_COLORS[isDark(token.colorBgContainer) ? 'dark' : 'light'];
  const color = up ? palette.up : down ? palette.down : undefined;
  return (
    <Card style={{ height: '100%' }} styles={{ body: { padding: 12 } }} data-testid={`card-${card.key}`}>
      <Space size={4}>
        <Typography.Text type="secondary">{t(`cards.${card.key}`)}</Typography.Text>
        <Tooltip
          title={
            <>
              <div>{t(`cards.formulas.${card.key}`)}</div>
              <div>{t('cards.formulas.ratio')}</div>
            </>
          }
        >
          <InfoCircleOutlined aria-label={t('formula')} style={{ color: token.colorTextTertiary }} />
        </Tooltip>
      </Space>
      <div style={{ fontSize: 26, lineHeight: '38px', fontWeight: 600 }} data-testid={`card-${card.key}-today`}>
        {shown(card.today)}
      </div>
      <Space size={12} wrap>
        <Typography.Text type="secondary">
          {t('cards.ratio')}{' '}
          <span style={{ color }} data-testid={`card-${card.key}-ratio`}>
            {up ? <ArrowUpOutlined /> : down ? <ArrowDownOutlined /> : null} {percentText(card.ratio, t('cards.ratioNone'))}
          </span>
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('cards.yesterday')} <span data-testid={`card-${card.key}-yesterday`}>{shown(card.yesterday)}</span>
        </Typography.Text>
      </Space>
    </Card>
  );
}
