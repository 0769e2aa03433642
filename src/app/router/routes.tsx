// The route table (spec §2) under the base path /label. Only pages that exist are routed; every
// other path (including spec routes whose feature is not built yet) goes to /404.
import { type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from "react-router-dom";
import { APP_BASE } from "../../help/links";
import { useLabelOpenCount } from "../ai/labelOpen";
import { HOME_ROUTE } from "../pageLinks";
import ForgetPasswordPage from "../pages/ForgetPasswordPage";
import LoginPage from "../pages/LoginPage";
import NotFoundPage from "../pages/NotFoundPage";
import RegisterPage from "../pages/RegisterPage";
import RouteError from "../pages/RouteError";
import { ShareLink } from "../pages/sharing/ShareLink";
import { EditorRefused, editorRefusedIn } from "../teams/EditorRefused";
import { PageLoading } from "../ui/PageLoading";
import { shareCodeOf } from "./guard";
import { lazyPage } from "./lazyPage";
import { RootLayout, type RouteHandle } from "./RootLayout";

const EditorPage = lazyPage(() => import("./EditorRoute"));
// the signed-in pages load after sign-in: the sign-in page carries only its own form (issue 41)
const HomeLayout = lazyPage(() => import("../pages/HomeLayout"));
const HomePage = lazyPage(() => import("../pages/HomePage"));
const UserPage = lazyPage(() => import("../pages/UserPage"));
const CloudDataPage = lazyPage(() => import("../pages/cloudData/CloudDataPage"));
const CloudTemplatePage = lazyPage(() => import("../pages/cloudTemplate/CloudTemplatePage"));
const IndustryTemplatePage = lazyPage(() => import("../pages/industryTemplate/IndustryTemplatePage"));
const MyPrinterPage = lazyPage(() => import("../pages/myPrinter/MyPrinterPage"));
const DocPrintPage = lazyPage(() => import("../pages/docPrint/DocPrintPage"));
const SharingPage = lazyPage(() => import("../pages/sharing/SharingPage"));
const DataRecoveryPage = lazyPage(() => import("../pages/dataRecovery/DataRecoveryPage"));
const PrintRecordPage = lazyPage(() => import("../pages/printRecord/PrintRecordPage"));
const MemberPage = lazyPage(() => import("../pages/member/MemberPage"));
const ExpansionPage = lazyPage(() => import("../pages/member/ExpansionPage"));
const PurchaseRecordsPage = lazyPage(() => import("../pages/member/PurchaseRecordsPage"));
const HelpLayout = lazyPage(() => import("../pages/help/HelpLayout"));
const HelpHomePage = lazyPage(() => import("../pages/help/HelpHomePage"));
const HelpCatalogPage = lazyPage(() => import("../pages/help/HelpCatalogPage"));
const HelpDetailPage = lazyPage(() => import("../pages/help/HelpDetailPage"));
const HelpSearchPage = lazyPage(() => import("../pages/help/HelpSearchPage"));
const HelpAliasPage = lazyPage(() => import("../pages/help/HelpAliasPage"));
const PreloginPage = lazyPage(() => import("../pages/PreloginPage"));
const ThirdLoginPage = lazyPage(() => import("../pages/ThirdLoginPage"));
const BindingsPage = lazyPage(() => import("../pages/BindingsPage"));
const DownloadPage = lazyPage(() => import("../pages/download/DownloadPage"));
const ToolsPage = lazyPage(() => import("../pages/tools/ToolsPage"));
const TeamPage = lazyPage(() => import("../teams/TeamPage"));
const TeamJoinPage = lazyPage(() => import("../teams/TeamJoinPage"));
const StationPage = lazyPage(() => import("../station/StationPage"));

export const BASENAME = APP_BASE;

const h = (title: string): RouteHandle => ({ title });

const loading = (page: ReactNode) => <Suspense fallback={<PageLoading />}>{page}</Suspense>;

/** /editLabel: the editor, or first the share link (?share=CODE) that adds and opens a shared template. */
function EditLabelRoute() {
  const code = shareCodeOf(useLocation().search);
  // a label opened while the editor shows (the AI dialog) starts the page again from the new address
  const opened = useLabelOpenCount();
  const refused = editorRefusedIn();
  if (refused) return <EditorRefused space={refused} />;
  return code ? <ShareLink code={code} /> : loading(<EditorPage key={opened} />);
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: "/", element: <Navigate to="/login" replace /> },
      { path: "login", element: <LoginPage />, handle: h("app.route.login") },
      { path: "register", element: <RegisterPage />, handle: h("app.route.register") },
      { path: "forgetpwd", element: <ForgetPasswordPage />, handle: h("app.route.forgetpwd") },
      { path: "prelogin", element: loading(<PreloginPage />), handle: h("app.route.prelogin") },
      { path: "thirdLogin", element: loading(<ThirdLoginPage />), handle: h("app.route.thirdLogin") },
      { path: "bindings", element: loading(<BindingsPage />), handle: h("app.route.bindings") },
      { path: "download", element: loading(<DownloadPage />), handle: h("app.route.download") },
      {
        path: "editLabel",
        handle: h("app.route.editLabel"),
        element: <EditLabelRoute />,
      },
      {
        element: loading(<HelpLayout />),
        children: [
          { path: "help", element: loading(<HelpHomePage />), handle: h("app.route.help") },
          { path: "helpCatalog", element: loading(<HelpCatalogPage />), handle: h("app.route.help") },
          { path: "helpDetail", element: loading(<HelpDetailPage />), handle: h("app.route.help") },
          { path: "helpSearch", element: loading(<HelpSearchPage />), handle: h("app.route.help") },
        ],
      },
      { path: "help/:id", element: loading(<HelpAliasPage />) },
      { path: "en/help/:id", element: loading(<HelpAliasPage />) },
      { path: "404", element: <NotFoundPage />, handle: h("app.route.notFound") },
      { path: "home", element: <Navigate to={HOME_ROUTE} replace /> },
      {
        element: loading(<HomeLayout />),
        children: [
          { path: "index", element: loading(<HomePage />), handle: h("app.route.home") },
          { path: "user", element: loading(<UserPage />), handle: h("app.route.user") },
          { path: "member", element: loading(<MemberPage />), handle: h("app.route.member") },
          { path: "expansion", element: loading(<ExpansionPage />), handle: h("app.route.expansion") },
          {
            path: "member/purchaseRecords",
            element: loading(<PurchaseRecordsPage />),
            handle: h("app.user.purchases.title"),
          },
          {
            path: "industryTemplate",
            handle: h("app.route.industryTemplate"),
            element: loading(<IndustryTemplatePage />),
          },
          {
            path: "cloudTemplate",
            handle: h("app.route.cloudTemplate"),
            element: loading(<CloudTemplatePage />),
          },
          {
            path: "cloudData",
            handle: h("app.route.cloudData"),
            element: (
              <Suspense fallback={<PageLoading />}>
                <CloudDataPage />
              </Suspense>
            ),
          },
          {
            path: "sharingTemplates",
            handle: h("app.route.sharingTemplates"),
            element: loading(<SharingPage />),
          },
          {
            path: "printRecord",
            handle: h("app.route.printRecord"),
            element: loading(<PrintRecordPage />),
          },
          {
            path: "dataRecovery",
            handle: h("app.route.dataRecovery"),
            element: loading(<DataRecoveryPage />),
          },
          { path: "pdfPrint", handle: h("app.route.pdfPrint"), element: loading(<DocPrintPage />) },
          { path: "tools", handle: h("app.nav.tools"), element: loading(<ToolsPage />) },
          { path: "team", handle: h("app.team.title"), element: loading(<TeamPage />) },
          { path: "team/join", handle: h("app.team.title"), element: loading(<TeamJoinPage />) },
          { path: "station", handle: h("app.station.title"), element: loading(<StationPage />) },
          {
            path: "myPrinter",
            handle: h("app.route.myPrinter"),
            element: (
              <Suspense fallback={<PageLoading />}>
                <MyPrinterPage />
              </Suspense>
            ),
          },
        ],
      },
      { path: "*", element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: BASENAME });
}
