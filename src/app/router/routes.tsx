// The route table (spec §2) under the base path /label. Only pages that exist are routed; every
// other path (including spec routes whose feature is not built yet) goes to /404.
import { type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { APP_BASE } from "../../help/links";
import ForgetPasswordPage from "../pages/ForgetPasswordPage";
import HomeLayout from "../pages/HomeLayout";
import HomePage from "../pages/HomePage";
import LoginPage from "../pages/LoginPage";
import NotFoundPage from "../pages/NotFoundPage";
import RegisterPage from "../pages/RegisterPage";
import RouteError from "../pages/RouteError";
import UserPage from "../pages/UserPage";
import { PageLoading } from "../ui/PageLoading";
import { lazyPage } from "./lazyPage";
import { RootLayout, type RouteHandle } from "./RootLayout";

const EditorPage = lazyPage(() => import("../../editor/EditorPage"));
const CloudDataPage = lazyPage(() => import("../pages/cloudData/CloudDataPage"));
const MyPrinterPage = lazyPage(() => import("../pages/myPrinter/MyPrinterPage"));
const DataRecoveryPage = lazyPage(() => import("../pages/dataRecovery/DataRecoveryPage"));
const HelpLayout = lazyPage(() => import("../pages/help/HelpLayout"));
const HelpHomePage = lazyPage(() => import("../pages/help/HelpHomePage"));
const HelpCatalogPage = lazyPage(() => import("../pages/help/HelpCatalogPage"));
const HelpDetailPage = lazyPage(() => import("../pages/help/HelpDetailPage"));
const HelpSearchPage = lazyPage(() => import("../pages/help/HelpSearchPage"));
const HelpAliasPage = lazyPage(() => import("../pages/help/HelpAliasPage"));

export const BASENAME = APP_BASE;

const h = (title: string): RouteHandle => ({ title });

const loading = (page: ReactNode) => <Suspense fallback={<PageLoading />}>{page}</Suspense>;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: "/", element: <Navigate to="/login" replace /> },
      { path: "login", element: <LoginPage />, handle: h("app.route.login") },
      { path: "register", element: <RegisterPage />, handle: h("app.route.register") },
      { path: "forgetpwd", element: <ForgetPasswordPage />, handle: h("app.route.forgetpwd") },
      {
        path: "editLabel",
        handle: h("app.route.editLabel"),
        element: (
          <Suspense fallback={<PageLoading />}>
            <EditorPage />
          </Suspense>
        ),
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
      { path: "home", element: <Navigate to="/index" replace /> },
      {
        element: <HomeLayout />,
        children: [
          { path: "index", element: <HomePage />, handle: h("app.route.home") },
          { path: "user", element: <UserPage />, handle: h("app.route.user") },
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
            path: "dataRecovery",
            handle: h("app.route.dataRecovery"),
            element: (
              <Suspense fallback={<PageLoading />}>
                <DataRecoveryPage />
              </Suspense>
            ),
          },
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
