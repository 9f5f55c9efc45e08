import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  BankOutlined,
  BarChartOutlined,
  BarsOutlined,
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  CarOutlined,
  CloudOutlined,
  ClusterOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  DollarOutlined,
  ExperimentOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  GiftOutlined,
  GlobalOutlined,
  HomeOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  PieChartOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  RadarChartOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { createElement, type ComponentType } from 'react';
import { useOutlinedIcons } from './use-outlined-icons';

/**
 * Menu icon names as the admin family's menus spell them (antd v3 kebab names): every icon the seeded menus
 * name is here (tests/unit/shell/menu-icon.test.tsx), so the first screen never waits for the full set (105 KB gzip).
 */
const ICONS: Readonly<Record<string, ComponentType>> = {
  'account-book': AccountBookOutlined,
  apartment: ApartmentOutlined,
  appstore: AppstoreOutlined,
  'area-chart': AreaChartOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  bars: BarsOutlined,
  bell: BellOutlined,
  book: BookOutlined,
  calendar: CalendarOutlined,
  car: CarOutlined,
  cloud: CloudOutlined,
  cluster: ClusterOutlined,
  container: ContainerOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  desktop: DesktopOutlined,
  dollar: DollarOutlined,
  experiment: ExperimentOutlined,
  file: FileOutlined,
  'file-text': FileTextOutlined,
  folder: FolderOutlined,
  form: FormOutlined,
  gift: GiftOutlined,
  global: GlobalOutlined,
  home: HomeOutlined,
  link: LinkOutlined,
  menu: MenuOutlined,
  message: MessageOutlined,
  'money-collect': MoneyCollectOutlined,
  notification: NotificationOutlined,
  'pay-circle': PayCircleOutlined,
  'pie-chart': PieChartOutlined,
  profile: ProfileOutlined,
  'question-circle': QuestionCircleOutlined,
  'radar-chart': RadarChartOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  shopping: ShoppingOutlined,
  'shopping-cart': ShoppingCartOutlined,
  solution: SolutionOutlined,
  table: TableOutlined,
  tags: TagsOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
  wallet: WalletOutlined,
};

/** The names drawn without loading the full set. */
export const BUNDLED_MENU_ICONS: ReadonlySet<string> = new Set(Object.keys(ICONS));

/** `SettingOutlined`, `setting-outlined` and `setting` all name the same icon. */
export function menuIconName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/-(outlined|filled|two-tone)$/, '');
}

/** Any other outlined icon a menu names: from the full set, loaded on demand (its own chunk). */
function OutlinedIcon({ name }: { name: string }) {
  const { icons } = useOutlinedIcons();
  const Icon = icons?.get(name);
  // A looked-up component from the loaded set (the set is data, not a component made during render).
  return Icon ? createElement(Icon) : null;
}

/**
 * A menu icon by its stored name: the common ones are bundled; any other outlined icon (the menu
 * editor's picker offers all of them) comes from the lazily loaded full set.
 */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  const key = menuIconName(name ?? undefined);
  if (!key) return null;
  const Icon = ICONS[key];
  return Icon ? <Icon /> : <OutlinedIcon name={key} />;
}
