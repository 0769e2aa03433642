// The root of every route: applies the guard, clears the share query, sets the page title and
// plays the slide transition; also hosts the toasts and the loading overlay, and follows the print
// records still waiting for their job's end in the print assistant's queue (queuedRecord.ts).
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useMatches } from "react-router-dom";
import { interfaceApi } from "../api/client";
import { session } from "../auth/session";
import { hasPendingRecords } from "../printing/pendingRecordsKey";
import { LoadingOverlay } from "../ui/LoadingOverlay";
import { Toaster } from "../ui/Toaster";
import { guardRedirect, keepsShareQuery, SHARE_QUERY_KEY, type Transition, transitionFor } from "./guard";

export interface RouteHandle {
  /** translation key of the route's label, used as the page title */
  title?: string;
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(session.subscribe, () => session.isLoggedIn());
}

function useTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const app = t("app.name");
  const title = handle?.title ? `${t(handle.title)} · ${app}` : app;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function RootLayout() {
  const location = useLocation();
  const loggedIn = useLoggedIn();
  const redirect = guardRedirect(location, loggedIn);
  const prev = useRef(location.pathname);
  const transition = useRef<Transition>("slide-left");
  if (prev.current !== location.pathname) {
    transition.current = transitionFor(prev.current, location.pathname);
    prev.current = location.pathname;
  }
  useTitle();

  // a job paused before this page was opened (the tab was closed) still gets its record
  useEffect(() => {
    const userId = loggedIn ? session.user()?.userid : undefined;
    if (!userId || !hasPendingRecords()) return;
    // loaded only when a record waits: the follower pulls in the assistant's client and the saves
    void Promise.all([import("../printing/assistantClient"), import("../printing/queuedRecord")]).then(
      ([{ AssistantClient }, { followPendingRecords }]) =>
        followPendingRecords(interfaceApi, () => new AssistantClient(), userId),
    );
  }, [loggedIn]);

  useEffect(() => {
    if (keepsShareQuery(location.pathname)) return;
    try {
      sessionStorage.removeItem(SHARE_QUERY_KEY);
    } catch {
      // storage disabled: nothing held
    }
  }, [location.pathname]);

  // Toasts and the overlay stay mounted through redirects, so a message shown just before one
  // (e.g. the reason of a 301) stays on screen.
  return (
    <>
      {redirect ? (
        <Navigate to={redirect} replace />
      ) : (
        <div key={location.pathname} className={`route-view ${transition.current}`}>
          <Outlet />
        </div>
      )}
      <Toaster />
      <LoadingOverlay />
    </>
  );
}
