/**
 * The staff console: react-admin at /admin on the staff API. The sign-in page comes with the first load; every
 * other screen is loaded when first shown (React.lazy), so a first visit downloads little (the budget is measured
 * by tests/console/first-load.spec.ts). Pages reached from a link (setup, invitation, reset) and the enrolment
 * steps are public; everything in the layout needs a session.
 */
import DiscountIcon from '@mui/icons-material/Discount';
import GroupIcon from '@mui/icons-material/Group';
import KeyIcon from '@mui/icons-material/Key';
import AuditIcon from '@mui/icons-material/ManageSearch';
import MailIcon from '@mui/icons-material/EmailOutlined';
import InboxIcon from '@mui/icons-material/Inbox';
import ApplicationIcon from '@mui/icons-material/Badge';
import TrainingIcon from '@mui/icons-material/School';
import InvoiceIcon from '@mui/icons-material/ReceiptLong';
import OrderIcon from '@mui/icons-material/ShoppingBasket';
import CustomerIcon from '@mui/icons-material/Person';
import TradeApplicationIcon from '@mui/icons-material/AssignmentInd';
import TradeAccountIcon from '@mui/icons-material/AccountBalance';
import ProductIcon from '@mui/icons-material/Inventory2';
import CategoryIcon from '@mui/icons-material/AccountTree';
import RedirectIcon from '@mui/icons-material/AltRoute';
import BuildIcon from '@mui/icons-material/Construction';
import MenusIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Tune';
import SlidesIcon from '@mui/icons-material/ViewCarousel';
import StockistIcon from '@mui/icons-material/Storefront';
import TrainingDatesIcon from '@mui/icons-material/EventAvailable';
import PageIcon from '@mui/icons-material/Article';
import FolderIcon from '@mui/icons-material/MenuBook';
import FaqIcon from '@mui/icons-material/QuestionAnswer';
import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { api } from './api/client.ts';
import { createAuthProvider } from './auth-provider.ts';
import { createDataProvider } from './data-provider.ts';
import { i18nProvider } from './i18n.ts';
import { LoginPage } from './screens/LoginPage.tsx';
import { ConsoleLayout } from './ui/ConsoleLayout.tsx';
import { lightTheme } from './ui/theme.ts';
import { PublicPage } from './ui/PublicPage.tsx';

const SetupPage = lazy(() => import('./screens/SetupPage.tsx'));
const InvitationPage = lazy(() => import('./screens/InvitationPage.tsx'));
const EnrolPage = lazy(() => import('./screens/EnrolPage.tsx'));
const RecoveryCodesPage = lazy(() => import('./screens/RecoveryCodesPage.tsx'));
const ResetPage = lazy(() => import('./screens/ResetPage.tsx'));
const Dashboard = lazy(() => import('./screens/Dashboard.tsx'));
const MySessions = lazy(() => import('./screens/MySessions.tsx'));
const PeopleList = lazy(() => import('./people/PeopleList.tsx'));
const PersonEdit = lazy(() => import('./people/PersonEdit.tsx'));
const InvitationList = lazy(() => import('./people/InvitationList.tsx'));
const InvitationCreate = lazy(() => import('./people/InvitationCreate.tsx'));
const OrderList = lazy(() => import('./orders/OrderList.tsx'));
const OrderShow = lazy(() => import('./orders/OrderShow.tsx'));
const InvoiceList = lazy(() => import('./orders/InvoiceList.tsx'));
const CustomerList = lazy(() => import('./customers/CustomerList.tsx'));
const CustomerShow = lazy(() => import('./customers/CustomerShow.tsx'));
const TradeApplicationList = lazy(() => import('./trade/ApplicationList.tsx'));
const TradeApplicationShow = lazy(() => import('./trade/ApplicationShow.tsx'));
const TradeAccountList = lazy(() => import('./trade/AccountList.tsx'));
const TradeAccountShow = lazy(() => import('./trade/AccountShow.tsx'));
const DiscountList = lazy(() => import('./discounts/DiscountList.tsx'));
const DiscountCreate = lazy(() => import('./discounts/DiscountCreate.tsx'));
const DiscountEdit = lazy(() => import('./discounts/DiscountEdit.tsx'));
const TokenList = lazy(() => import('./tokens/TokenList.tsx'));
const TokenCreate = lazy(() => import('./tokens/TokenCreate.tsx'));
const AuditList = lazy(() => import('./audit/AuditList.tsx'));
const MessageList = lazy(() => import('./inbox/MessageList.tsx'));
const MessageShow = lazy(() => import('./inbox/MessageShow.tsx'));
const ApplicationList = lazy(() => import('./inbox/ApplicationList.tsx'));
const ApplicationShow = lazy(() => import('./inbox/ApplicationShow.tsx'));
const TrainingSessionList = lazy(() => import('./inbox/TrainingSessionList.tsx'));
const SpreadsheetPage = lazy(() => import('./catalogue/spreadsheet/SpreadsheetPage.tsx'));
const ProductMedia = lazy(() => import('./catalogue/media/ProductMedia.tsx'));
const ProductList = lazy(() => import('./catalogue/products/ProductList.tsx'));
const ProductEdit = lazy(() => import('./catalogue/products/ProductEdit.tsx'));
const CategoryTree = lazy(() => import('./catalogue/categories/CategoryTree.tsx'));
const CategoryCreate = lazy(() => import('./catalogue/categories/CategoryCreate.tsx'));
const CategoryEdit = lazy(() => import('./catalogue/categories/CategoryEdit.tsx'));
const RedirectList = lazy(() => import('./catalogue/redirects/RedirectList.tsx'));
const RedirectCreate = lazy(() => import('./catalogue/redirects/RedirectCreate.tsx'));
const RedirectEdit = lazy(() => import('./catalogue/redirects/RedirectEdit.tsx'));
const BuildList = lazy(() => import('./builds/BuildList.tsx'));
const MenusPage = lazy(() => import('./content-site/MenusPage.tsx'));
const SettingsPage = lazy(() => import('./content-site/SettingsPage.tsx'));
const SlidesPage = lazy(() => import('./content-site/SlidesPage.tsx'));
const StockistsPage = lazy(() => import('./content-site/StockistsPage.tsx'));
const TrainingPage = lazy(() => import('./content-site/TrainingPage.tsx'));
const ContentPageList = lazy(() => import('./content/PageList.tsx'));
const ContentPageEditor = lazy(() => import('./content/PageEditor.tsx'));
const ContentFolderList = lazy(() => import('./content/FolderList.tsx'));
const ContentFolderEditor = lazy(() => import('./content/FolderEditor.tsx'));
const ContentFaqList = lazy(() => import('./content/FaqList.tsx'));
const ContentFaqEditor = lazy(() => import('./content/FaqEditor.tsx'));
const ContentHistory = lazy(() => import('./content/HistoryScreen.tsx'));

const authProvider = createAuthProvider(api);
const dataProvider = createDataProvider(api);

export function App() {
  return (
    <Admin
      title="Plasterwick staff console"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={ConsoleLayout}
      lightTheme={lightTheme}
      dashboard={Dashboard}
      requireAuth
      // No call to react-admin's telemetry server: the console talks to this origin only (its CSP says so too).
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/setup" element={<PublicPage page={SetupPage} />} />
        <Route path="/invitation" element={<PublicPage page={InvitationPage} />} />
        <Route path="/enrol" element={<PublicPage page={EnrolPage} />} />
        <Route path="/recovery-codes" element={<PublicPage page={RecoveryCodesPage} />} />
        <Route path="/reset" element={<PublicPage page={ResetPage} />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/my-sessions" element={<MySessions />} />
        <Route path="/catalogue-import" element={<SpreadsheetPage />} />
        <Route path="/products/:id/media" element={<ProductMedia />} />
        <Route path="/history/:resource/:id" element={<ContentHistory />} />
      </CustomRoutes>
      <Resource
        name="orders"
        list={OrderList}
        show={OrderShow}
        icon={OrderIcon}
        recordRepresentation="number"
      />
      <Resource name="invoices" list={InvoiceList} icon={InvoiceIcon} />
      <Resource
        name="products"
        list={ProductList}
        edit={ProductEdit}
        icon={ProductIcon}
        recordRepresentation="name"
      />
      <Resource name="customers" list={CustomerList} show={CustomerShow} icon={CustomerIcon} />
      <Resource
        name="trade-applications"
        options={{ label: 'Trade applications' }}
        list={TradeApplicationList}
        show={TradeApplicationShow}
        icon={TradeApplicationIcon}
        recordRepresentation="company"
      />
      <Resource
        name="trade-accounts"
        options={{ label: 'Trade accounts' }}
        list={TradeAccountList}
        show={TradeAccountShow}
        icon={TradeAccountIcon}
        recordRepresentation="email"
      />
      <Resource
        name="messages"
        list={MessageList}
        show={MessageShow}
        icon={InboxIcon}
        options={{ label: 'Messages' }}
      />
      <Resource
        name="applications"
        list={ApplicationList}
        show={ApplicationShow}
        icon={ApplicationIcon}
        options={{ label: 'Job applications' }}
      />
      <Resource
        name="training-sessions"
        list={TrainingSessionList}
        icon={TrainingIcon}
        options={{ label: 'Training registrations' }}
      />
      <Resource name="training-registrations" />
      <Resource
        name="people"
        list={PeopleList}
        edit={PersonEdit}
        icon={GroupIcon}
        recordRepresentation="name"
      />
      <Resource name="invitations" list={InvitationList} create={InvitationCreate} icon={MailIcon} />
      <Resource
        name="discounts"
        options={{ label: 'Discount codes' }}
        list={DiscountList}
        create={DiscountCreate}
        edit={DiscountEdit}
        icon={DiscountIcon}
        recordRepresentation="code"
      />
      <Resource
        name="tokens"
        options={{ label: 'Machine tokens' }}
        list={TokenList}
        create={TokenCreate}
        icon={KeyIcon}
      />
      <Resource name="audit" options={{ label: 'Audit trail' }} list={AuditList} icon={AuditIcon} />
      <Resource
        name="categories"
        list={CategoryTree}
        create={CategoryCreate}
        edit={CategoryEdit}
        icon={CategoryIcon}
        recordRepresentation="name"
      />
      <Resource
        name="redirects"
        list={RedirectList}
        create={RedirectCreate}
        edit={RedirectEdit}
        icon={RedirectIcon}
        recordRepresentation="from"
      />
      <Resource
        name="content-pages"
        options={{ label: 'Pages, news and careers' }}
        list={ContentPageList}
        create={ContentPageEditor}
        edit={ContentPageEditor}
        icon={PageIcon}
        recordRepresentation="title"
      />
      <Resource
        name="content-folders"
        options={{ label: 'How-to folders' }}
        list={ContentFolderList}
        create={ContentFolderEditor}
        edit={ContentFolderEditor}
        icon={FolderIcon}
        recordRepresentation="title"
      />
      <Resource
        name="content-faq"
        options={{ label: 'FAQ' }}
        list={ContentFaqList}
        create={ContentFaqEditor}
        edit={ContentFaqEditor}
        icon={FaqIcon}
        recordRepresentation="title"
      />
      <Resource name="builds" list={BuildList} icon={BuildIcon} recordRepresentation="id" />
      <Resource name="content-menus" options={{ label: 'Menus' }} list={MenusPage} icon={MenusIcon} />
      <Resource
        name="content-settings"
        options={{ label: 'Settings' }}
        list={SettingsPage}
        icon={SettingsIcon}
      />
      <Resource
        name="content-slides"
        options={{ label: 'Home slides' }}
        list={SlidesPage}
        icon={SlidesIcon}
      />
      <Resource
        name="content-stockists"
        options={{ label: 'Stockists' }}
        list={StockistsPage}
        icon={StockistIcon}
      />
      <Resource
        name="content-training"
        options={{ label: 'Training dates' }}
        list={TrainingPage}
        icon={TrainingDatesIcon}
      />
    </Admin>
  );
}
