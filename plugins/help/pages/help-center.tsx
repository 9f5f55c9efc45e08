import { Anchor, Card, Col, Empty, Input, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One topic of the help, as translators write it in locales/<lng>/help.json. */
export interface HelpSection {
  key: string;
  title: string;
  items: string[];
}

/** The sections (and within them the paragraphs) that mention the keyword; all of them when it is blank. */
export function filterSections(sections: readonly HelpSection[], keyword: string): HelpSection[] {
  const needle = keyword.trim().toLowerCase();
  if (needle === '') return [...sections];
  return sections
    .map((section) => (section.title.toLowerCase().includes(needle) ? section : { ...section, items: section.items.filter((item) => item.toLowerCase().includes(needle)) }))
    .filter((section) => section.items.length > 0);
}

const sectionId = (key: string) => `help-${key}`;

/** 帮助文档: the product's own help, area by area, with a search that narrows it as you type. */
export default function HelpCenterPage() {
  const { t } = useTranslation('help');
  const [keyword, setKeyword] = useState('');
  const sections = t('sections', { returnObjects: true }) as unknown as HelpSection[];
  const shown = useMemo(() => filterSections(Array.isArray(sections) ? sections : [], keyword), [sections, keyword]);

  return (
    <Card title={t('title')}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Input.Search allowClear placeholder={t('search')} aria-label={t('search')} value={keyword} onChange={(event) => setKeyword(event.target.value)} style={{ maxWidth: 420, marginBottom: 24 }} />
      <Row gutter={32}>
        <Col xs={0} md={6}>
          <Typography.Text strong>{t('contents')}</Typography.Text>
          <Anchor affix={false} items={shown.map((section) => ({ key: section.key, href: `#${sectionId(section.key)}`, title: section.title }))} />
        </Col>
        <Col xs={24} md={18}>
          {shown.length === 0 ? <Empty description={t('noMatch', { keyword: keyword.trim() })} /> : null}
          {shown.map((section) => (
            <section key={section.key} id={sectionId(section.key)} aria-labelledby={`${sectionId(section.key)}-title`}>
              <Typography.Title level={4} id={`${sectionId(section.key)}-title`}>
                {section.title}
              </Typography.Title>
              <ul>
                {section.items.map((item) => (
                  <li key={item}>
                    <Typography.Paragraph style={{ marginBottom: 8 }}>{item}</Typography.Paragraph>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </Col>
      </Row>
    </Card>
  );
}
