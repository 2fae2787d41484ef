/** react-admin's layout with the console's menu: home, the resources the person may list, their own sessions. */
import DevicesIcon from '@mui/icons-material/Devices';
import SpreadsheetIcon from '@mui/icons-material/TableView';
import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, UserMenu, useCanAccess, useGetIdentity } from 'react-admin';

function ConsoleMenu() {
  const { canAccess: spreadsheet } = useCanAccess({ resource: 'catalogue-import', action: 'list' });
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Home" />
      <Menu.ResourceItems />
      {spreadsheet && (
        <Menu.Item to="/catalogue-import" primaryText="Spreadsheet" leftIcon={<SpreadsheetIcon />} />
      )}
      <Menu.Item to="/my-sessions" primaryText="My sessions" leftIcon={<DevicesIcon />} />
    </Menu>
  );
}

/**
 * The profile button shows the person's name: its accessible name says it too ("Profile of Ann Smith"), so what
 * a voice-control user reads on the button is what they can say to press it.
 */
function ConsoleUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `Profile of ${identity.fullName}` : 'Profile'} />;
}

function ConsoleAppBar() {
  return <AppBar userMenu={<ConsoleUserMenu />} />;
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={ConsoleMenu} appBar={ConsoleAppBar}>
      {children}
    </Layout>
  );
}
