import { createElement, type ComponentType, type ReactElement } from 'react';

/** An icon as @ant-design/icons-svg describes it (abstract SVG nodes). */
interface IconNode {
  tag: string;
  attrs: Record<string, string>;
  children?: IconNode[];
}

interface IconDefinition {
  name: string;
  icon: IconNode | ((primary: string, secondary: string) => IconNode);
}

// The definitions, not the icon components, and under a query of their own: the set gets its own
// copies, so none of its modules is shared with (and split out of) the entry bundle.
const definitions = import.meta.glob<IconDefinition>('/node_modules/@ant-design/icons-svg/es/asn/*Outlined.js', {
  eager: true,
  import: 'default',
  query: '?menu-icon-set',
});

const camelCase = (name: string) => name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

function attributes(attrs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attrs).map(([key, value]) => [key === 'class' ? 'className' : camelCase(key), value]));
}

function renderNode(node: IconNode, key: number): ReactElement {
  return createElement(node.tag, { key, ...attributes(node.attrs) }, ...(node.children ?? []).map(renderNode));
}

/** The same markup as an antd icon (`span.anticon.anticon-<name>` around a 1em SVG). */
function iconComponent(name: string, svg: IconNode): ComponentType {
  const Icon = () =>
    createElement(
      'span',
      { role: 'img', 'aria-label': name, className: `anticon anticon-${name}` },
      createElement(svg.tag, { ...attributes(svg.attrs), width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true', 'data-icon': name }, ...(svg.children ?? []).map(renderNode)),
    );
  Icon.displayName = `MenuIcon(${name})`;
  return Icon;
}

/** Every outlined antd icon by the kebab-case name menus store (`setting`, `bar-chart`), sorted. */
export const OUTLINED_ICONS: ReadonlyMap<string, ComponentType> = new Map(
  Object.values(definitions)
    .flatMap((definition): Array<[string, ComponentType]> => (typeof definition.icon === 'object' ? [[definition.name, iconComponent(definition.name, definition.icon)]] : []))
    .sort(([a], [b]) => a.localeCompare(b)),
);
