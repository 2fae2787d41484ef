/** react-admin's layout with the console's menu: home, the resources the person may list, their own sessions. */
import DevicesIcon from '@mui/icons-material/Devices';
import type { ReactNode } from 'react';
import { Layout, Menu } from 'react-admin';

function ConsoleMenu() {
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Home" />
      <Menu.ResourceItems />
      <Menu.Item to="/my-sessions" primaryText="My sessions" leftIcon={<DevicesIcon />} />
    </Menu>
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return <Layout menu={ConsoleMenu}>{children}</Layout>;
}
