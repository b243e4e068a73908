import { Icon } from './icon';
import type { MenuIcons } from './side-menu';
import type { SideMenuModel } from './side-menu-model';

/** The icons a side menu needs, rendered once and handed to the menu. */
export function menuIcons(model: SideMenuModel): MenuIcons {
  const names = new Set(['circle', 'exit']);
  for (const section of model.sections) {
    if (section.icon) names.add(section.icon);
    for (const link of section.links) if (link.icon) names.add(link.icon);
  }
  const icons: MenuIcons = {
    chevron: <Icon name="chevron" className="shell-chevron" />,
    dot: <span className="shell-dot" aria-hidden="true" />,
  };
  for (const name of names) icons[name] = <Icon name={name} className="shell-icon" />;
  return icons;
}
