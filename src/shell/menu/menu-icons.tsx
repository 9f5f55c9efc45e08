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
import type { ComponentType } from 'react';

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

export function MenuIcon({ name }: { name: string | undefined }) {
  const key = menuIconName(name);
  const Icon = key ? ICONS[key] : undefined;
  return Icon ? <Icon /> : null;
}
