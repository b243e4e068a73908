import {
  ArrowLeftRight, Bell, Bike, ChartColumn, Check, ChevronDown, Circle, CircleHelp, Contrast, Gift, Globe, House, Info, LayoutGrid,
  List, LogOut, Map, Megaphone, Menu, MonitorSmartphone, Moon, Package, Scale, Settings, ShoppingCart, Smartphone, Star, Store,
  Sun, Truck, Upload, User, Users, Utensils, Wallet, X, type LucideIcon,
} from 'lucide-react';

/** The shell's icons by the names the route registry and the shell use (lucide). */
const ICONS = {
  home: House,
  users: Users,
  info: Info,
  grid: LayoutGrid,
  device: MonitorSmartphone,
  map: Map,
  store: Store,
  food: Utensils,
  list: List,
  parcel: Package,
  truck: Truck,
  wallet: Wallet,
  balance: Scale,
  gift: Gift,
  star: Star,
  bike: Bike,
  chart: ChartColumn,
  support: CircleHelp,
  phone: Smartphone,
  settings: Settings,
  upload: Upload,
  megaphone: Megaphone,
  cart: ShoppingCart,
  exit: LogOut,
  menu: Menu,
  close: X,
  bell: Bell,
  globe: Globe,
  sun: Sun,
  moon: Moon,
  contrast: Contrast,
  direction: ArrowLeftRight,
  user: User,
  logout: LogOut,
  chevron: ChevronDown,
  check: Check,
  circle: Circle,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

/** A stroke icon (24×24, currentColor). Decorative: the control that holds one carries the name. */
export function Icon({ name, className, filled = false }: { name: string; className?: string; filled?: boolean }) {
  const Glyph: LucideIcon = Object.hasOwn(ICONS, name) ? ICONS[name as IconName] : Circle;
  return <Glyph size={20} strokeWidth={2} fill={filled ? 'currentColor' : 'none'} aria-hidden="true" focusable="false" className={className} />;
}
