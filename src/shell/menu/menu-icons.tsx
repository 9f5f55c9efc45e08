import {
  AccountBookOutlined,
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
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
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

/** Menu icon names as the admin family's menus spell them (antd v3 kebab names). */
const ICONS: Readonly<Record<string, ComponentType>> = {
  'account-book': AccountBookOutlined,
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
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  dollar: DollarOutlined,
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
  safety: SafetyOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  'shopping-cart': ShoppingCartOutlined,
  shopping: ShoppingOutlined,
  solution: SolutionOutlined,
  table: TableOutlined,
  tags: TagsOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
  wallet: WalletOutlined,
};

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
